import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { PressArticle } from "~/components/support/press-list";
import { QueryFailed } from "~/components/support/query-failed";
import { toLocaleId } from "~/i18n";
import { requireMember } from "~/utils/auth.server";
import { messageKey } from "~/utils/messages";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "support:news.title", i18n: ["support"] } satisfies RouteHandle;

/** One news item or announcement in full, in the member's language; an unknown path is a 404 page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const path = params.path ?? "";
  // the contract's longest path: a longer one cannot exist
  if (path.length === 0 || path.length > 200) return json({ item: null, error: null }, { status: 404 });
  const result = await context.platform.call("press", {
    params: { siteId: context.siteId },
    query: { lang: toLocaleId(context.locale), path },
  });
  if (!result.ok) return json({ item: null, error: messageKey(result.code) }, { status: result.status });
  const item = result.data[0];
  return item ? json({ item, error: null }) : json({ item: null, error: null }, { status: 404 });
}

export default function NewsItem() {
  const { item, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation("support");
  return (
    <div className="support-page">
      <p>
        <Link to="/user/news">{t("news.back")}</Link>
      </p>
      {item ? <PressArticle item={item} /> : null}
      {error ? <QueryFailed titleKey="news.query_failed" messageKey={error} /> : null}
      {!item && !error ? (
        <>
          <h1>{t("news.title")}</h1>
          <p role="alert" className="error-list">
            {t("news.not_found")}
          </p>
        </>
      ) : null}
    </div>
  );
}
