import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { AppLinks, HomeScreenSteps } from "~/components/support/download-guide";
import { isWebUrl } from "#rules/links";
import { requireMember } from "~/utils/auth.server";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "support:download.title", i18n: ["support"] } satisfies RouteHandle;

/** The site on the phone: added to the home screen (it has a web app manifest), or the native apps. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const order = { ios: 0, android: 1, other: 2 } as const;
  const appLinks = context.site.appLinks
    .filter((l) => isWebUrl(l.url))
    .sort((a, b) => order[a.platform] - order[b.platform]);
  return json({ siteTitle: context.site.title, appLinks });
}

export default function Download() {
  const { siteTitle, appLinks } = useLoaderData<typeof loader>();
  const { t } = useTranslation("support");
  return (
    <div className="support-page">
      <h1>{t("download.title")}</h1>
      <p className="lead">{t("download.intro", { site: siteTitle })}</p>
      <AppLinks links={appLinks} />
      <HomeScreenSteps siteTitle={siteTitle} />
    </div>
  );
}
