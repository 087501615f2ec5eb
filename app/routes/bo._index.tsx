import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { ALL_SITES, siteIdSchema } from "~/backoffice/contract.server";
import { requireOperator } from "~/backoffice/operator.server";
import { boPaths, mayOpenPlatform } from "~/backoffice/sections";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:sites.title" } satisfies RouteHandle;

/**
 * The operator's sites. One site: straight to it. Every site (`*`): the platform keeps no list of
 * sites to offer, so the operator names one (`?site=`), and its pages check it like any other.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const operator = await requireOperator(context);
  const all = operator.sites.includes(ALL_SITES);
  const platform = mayOpenPlatform(operator);
  const asked = new URL(request.url).searchParams.get("site");
  if (asked !== null) {
    const site = siteIdSchema.safeParse(asked.trim().toLowerCase());
    if (site.success) throw redirect(boPaths.site(site.data));
    return { all, platform, sites: all ? [] : operator.sites, invalid: true };
  }
  if (!all && operator.sites.length === 1) throw redirect(boPaths.site(operator.sites[0]!));
  return { all, platform, sites: all ? [] : operator.sites, invalid: false };
}

export default function BackOfficeSites() {
  const { all, platform, sites, invalid } = useLoaderData<typeof loader>();
  const { t } = useTranslation("backoffice");
  const inputId = useId();
  const errorId = useId();
  return (
    <main id="bo-main" className="bo-main bo-narrow">
      <h1>{t("sites.title")}</h1>
      <p>{t("sites.intro")}</p>
      {sites.length > 0 ? (
        <ul className="bo-site-list">
          {sites.map((site) => (
            <li key={site}>
              <Link to={boPaths.site(site)}>{site}</Link>
            </li>
          ))}
        </ul>
      ) : null}
      {all ? (
        <Form method="get" className="bo-form">
          <p>{t("sites.all")}</p>
          <label htmlFor={inputId}>{t("sites.site_id")}</label>
          <input
            id={inputId}
            name="site"
            required
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
          />
          {invalid ? (
            <p id={errorId} className="bo-field-error" role="alert">
              {t("sites.invalid")}
            </p>
          ) : null}
          <button type="submit" className="button button-primary">
            {t("sites.open")}
          </button>
        </Form>
      ) : sites.length === 0 ? (
        <p>{t("sites.none")}</p>
      ) : null}
      {platform ? (
        <p>
          <Link to={boPaths.platform()}>{t("platform.home_link")}</Link>
        </p>
      ) : null}
    </main>
  );
}
