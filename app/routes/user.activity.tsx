import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { CampaignList } from "~/components/support/campaign-list";
import { QueryFailed } from "~/components/support/query-failed";
import { toLocaleId } from "~/i18n";
import { requireMember } from "~/utils/auth.server";
import { messageKey } from "~/utils/messages";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "support:activity.title", i18n: ["support"] } satisfies RouteHandle;

/** The site's campaigns in the member's language, with their period and rules. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const result = await context.platform.call("campaign", {
    params: { siteId: context.siteId },
    query: { lang: toLocaleId(context.locale) },
  });
  if (!result.ok) return json({ items: null, error: messageKey(result.code) }, { status: result.status });
  return json({ items: result.data, error: null });
}

export default function Activity() {
  const { items, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation("support");
  return (
    <div className="support-page">
      <h1>{t("activity.title")}</h1>
      <p className="hint">{t("activity.times_note")}</p>
      {error ? <QueryFailed titleKey="activity.query_failed" messageKey={error} /> : null}
      {items ? <CampaignList items={items} /> : null}
    </div>
  );
}
