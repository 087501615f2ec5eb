import { useTranslation } from "~/utils/translator";
import { useRootData } from "~/utils/root-data";
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

export default function Terms() {
  const { t } = useTranslation("terms");
  const { site } = useRootData();
  const vars = { site: site.title };
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
          </section>
        );
      })}
    </article>
  );
}
