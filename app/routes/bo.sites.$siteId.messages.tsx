import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useFormats } from "~/backoffice/item-facts";
import { backOffice, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { boPaths, sectionRoles } from "~/backoffice/sections";
import { requireSiteFacts } from "~/backoffice/site.server";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:menu.messages" } satisfies RouteHandle;

/** Members' messages waiting for a reply, newest word last; each opens its thread. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("messages") });
  const bo = backOffice(context);
  const [facts, messages] = await Promise.all([
    requireSiteFacts(bo, siteId),
    bo.operators.call("operatorMessages", { params: { siteId }, query: { status: "pending" } }),
  ]);
  return { siteId, facts, messages: messages.ok ? messages.data : null };
}

export default function Messages() {
  const { siteId, facts, messages } = useLoaderData<typeof loader>();
  const { t } = useTranslation("backoffice");
  const { time } = useFormats(facts.currency);
  return (
    <>
      <h1>{t("menu.messages")}</h1>
      {messages === null ? <p role="alert">{t("queue.unavailable")}</p> : null}
      {messages?.length === 0 ? <p>{t("home.empty")}</p> : null}
      <ul className="bo-queue">
        {messages?.map((m) => (
          <li key={m.id} className="bo-item">
            <h2>
              <Link to={boPaths.site(siteId, `messages/${encodeURIComponent(m.memberId)}/${encodeURIComponent(m.id)}`)}>
                {m.title}
              </Link>
            </h2>
            <p className="bo-hint">{t("messages.from", { account: m.account, time: time(m.updatedAt) })}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
