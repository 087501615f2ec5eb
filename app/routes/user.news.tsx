import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useOutlet, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PressList } from "~/components/support/press-list";
import { QueryFailed } from "~/components/support/query-failed";
import { toLocaleId } from "~/i18n";
import { requireMember } from "~/utils/auth.server";
import { messageKey } from "~/utils/messages";

export const handle = { titleKey: "support:news.title", i18n: ["support"] };

const PATH = "/user/news";

/** News and announcements in the member's language; each item opens at /user/news/:path. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  // an item (/user/news/:path) renders in this route's outlet and needs no list
  if (new URL(request.url).pathname.replace(/\/$/, "") !== PATH) return json({ items: null, error: null });
  const result = await context.platform.call("press", {
    params: { siteId: context.siteId },
    query: { lang: toLocaleId(context.locale) },
  });
  if (!result.ok) return json({ items: null, error: messageKey(result.code) }, { status: result.status });
  return json({ items: result.data, error: null });
}

/** The list is skipped under /user/news/:path, so coming back to it must load it again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

export default function News() {
  const outlet = useOutlet();
  const { items, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation("support");
  if (outlet) return outlet;
  return (
    <div className="support-page">
      <h1>{t("news.title")}</h1>
      {error ? <QueryFailed titleKey="news.query_failed" messageKey={error} /> : null}
      {items ? <PressList items={items} /> : null}
    </div>
  );
}
