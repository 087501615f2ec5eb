import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RichText } from "~/components/rich-text";
import { useTranslation } from "~/utils/translator";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "terms:title", i18n: ["terms"] } satisfies RouteHandle;
export { sharedPageHeaders as headers } from "~/utils/shared-page";

const SECTIONS = [
  "eligibility",
  "account",
  "prohibited",
  "ip",
  "disclaimers",
  "liability",
  "arbitration",
  "claims",
  "law",
  "crypto",
  "changes",
  "contact",
] as const;

/**
 * The site's own additions (site info `terms`) in the member's language, after the product's terms,
 * and its "Licence and operator" (site info `licence`), which the governing-law clause points at.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  return json({ siteTitle: context.site.title, additions: context.site.terms, licence: context.site.licence });
}

export default function Terms() {
  const { t } = useTranslation("terms");
  const { siteTitle, additions, licence } = useLoaderData<typeof loader>();
  const vars = { site: siteTitle };
  return (
    <article className="terms card">
      <h1>{t("title")}</h1>
      <p className="muted">{t("updated")}</p>
      <p>{t("intro", vars)}</p>
      {SECTIONS.map((key) => {
        const body = t(`sections.${key}.body`, { ...vars, returnObjects: true }) as unknown;
        return (
          <section key={key} aria-labelledby={`terms-${key}`}>
            <h2 id={`terms-${key}`}>{t(`sections.${key}.heading`)}</h2>
            {(Array.isArray(body) ? (body as string[]) : []).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
            {/* the governing law is the operator's: the clause points at the site's licence section,
                and only when the site publishes one (no link to a section that is not there) */}
            {key === "law" && licence ? (
              <p>
                {t("law_licence_lead", vars)} <a href="#licence">{t("licence_heading")}</a>
              </p>
            ) : null}
          </section>
        );
      })}
      {licence ? (
        <section id="licence" aria-labelledby="terms-licence">
          <h2 id="terms-licence">{t("licence_heading")}</h2>
          <RichText text={licence} />
        </section>
      ) : null}
      {additions ? (
        <section aria-labelledby="terms-additions" data-testid="terms-additions">
          <h2 id="terms-additions">{t("additions_heading", vars)}</h2>
          <RichText text={additions} />
        </section>
      ) : null}
    </article>
  );
}
