import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { PressList } from "~/components/support/press-list";
import { QueryFailed } from "~/components/support/query-failed";
import { toLocaleId } from "~/i18n";
import { requireMember } from "~/utils/auth.server";
import { messageKey } from "~/utils/messages";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "support:news.title", i18n: ["support"] } satisfies RouteHandle;

/** News and announcements in the member's language; each item opens at /user/news/:path. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const result = await context.platform.call("press", {
    params: { siteId: context.siteId },
    query: { lang: toLocaleId(context.locale) },
  });
  if (!result.ok) return json({ items: null, error: messageKey(result.code) }, { status: result.status });
  return json({ items: result.data, error: null });
}

export default function News() {
  const { items, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation("support");
  return (
    <div className="support-page">
      <h1>{t("news.title")}</h1>
      {error ? <QueryFailed titleKey="news.query_failed" messageKey={error} /> : null}
      {items ? <PressList items={items} /> : null}
    </div>
  );
}
