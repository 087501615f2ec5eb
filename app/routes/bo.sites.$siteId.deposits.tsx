import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DecisionForms } from "~/backoffice/decision";
import { decisionOf } from "~/backoffice/decision.server";
import { ItemFacts, useFormats } from "~/backoffice/item-facts";
import { backOffice, noticeAndBack, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { boPaths, sectionRoles } from "~/backoffice/sections";
import { requireSiteFacts } from "~/backoffice/site.server";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:menu.deposits" } satisfies RouteHandle;

/** Deposits waiting for finance: confirm what arrived, refuse what did not, with the member's reason. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("deposits") });
  const bo = backOffice(context);
  const [facts, deposits] = await Promise.all([
    requireSiteFacts(bo, siteId),
    bo.operators.call("operatorDeposits", { params: { siteId }, query: { status: "pending" } }),
  ]);
  return { siteId, facts, deposits: deposits.ok ? deposits.data : null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("deposits") });
  const bo = backOffice(context);
  const form = await request.formData();
  const decision = decisionOf(form, "deposit", await requireSiteFacts(bo, siteId));
  if (!decision.ok) return { error: decision.error, id: String(form.get("id") ?? "") };
  const back = boPaths.site(siteId, "deposits");
  if (decision.intent === "approve") {
    const result = await bo.operators.call("operatorConfirmDeposit", {
      params: { siteId, id: decision.id },
      body: { reason: "" },
    });
    noticeAndBack(bo, result, "decision.deposit_confirmed", back);
  }
  const result = await bo.operators.call("operatorRefuseDeposit", {
    params: { siteId, id: decision.id },
    body: { reason: decision.reason },
  });
  noticeAndBack(bo, result, "decision.deposit_refused", back);
}

export default function Deposits() {
  const { facts, deposits } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("backoffice");
  const { money, time } = useFormats(facts.currency);
  return (
    <>
      <h1>{t("menu.deposits")}</h1>
      {deposits === null ? <p role="alert">{t("queue.unavailable")}</p> : null}
      {deposits?.length === 0 ? <p>{t("home.empty")}</p> : null}
      <ul className="bo-queue">
        {deposits?.map((d) => (
          <li key={d.id} className="bo-item">
            <h2>{t("queue.item_title", { account: d.account, amount: money(d.amount) })}</h2>
            <ItemFacts
              rows={[
                ["queue.option", d.optionName],
                ["queue.reference", d.payment?.reference ?? "—"],
                ["queue.requested", time(d.createdAt)],
                ["queue.id", d.id],
              ]}
            />
            <DecisionForms
              queue="deposit"
              id={d.id}
              approveLabel="decision.confirm_deposit"
              rejectLabel="decision.refuse_deposit"
              textLocale={facts.textLocale}
              error={answer?.id === d.id ? answer.error : undefined}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
