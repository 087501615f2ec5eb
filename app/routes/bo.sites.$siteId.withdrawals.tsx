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

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:menu.withdrawals" } satisfies RouteHandle;

/**
 * Withdrawals waiting for finance. Pay out, then approve; or reject with the member's reason.
 * Four eyes (withdrawalSecondApprovalAbove): the platform records a first approval of a large one
 * and pays only on another operator's; this page shows who gave the first, and does not offer its
 * giver the second (the platform refuses it anyway).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  const operator = await requireOperator(context, { siteId, roles: sectionRoles("withdrawals") });
  const bo = backOffice(context);
  const [facts, withdrawals] = await Promise.all([
    requireSiteFacts(bo, siteId),
    bo.operators.call("operatorWithdrawals", { params: { siteId }, query: { status: "pending" } }),
  ]);
  return { siteId, me: operator.id, facts, withdrawals: withdrawals.ok ? withdrawals.data : null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("withdrawals") });
  const bo = backOffice(context);
  const form = await request.formData();
  const decision = decisionOf(form, "withdrawal", await requireSiteFacts(bo, siteId));
  if (!decision.ok) return { error: decision.error, id: String(form.get("id") ?? "") };
  const back = boPaths.site(siteId, "withdrawals");
  if (decision.intent === "approve") {
    const result = await bo.operators.call("operatorApproveWithdrawal", {
      params: { siteId, id: decision.id },
      body: { reason: "" },
    });
    // a first approval of two leaves the withdrawal pending: the notice says it waits for another operator
    const waiting = result.ok && result.data.status === "pending";
    noticeAndBack(bo, result, waiting ? "decision.first_approval" : "decision.withdrawal_paid", back);
  }
  const result = await bo.operators.call("operatorRejectWithdrawal", {
    params: { siteId, id: decision.id },
    body: { reason: decision.reason },
  });
  noticeAndBack(bo, result, "decision.withdrawal_rejected", back);
}

export default function Withdrawals() {
  const { me, facts, withdrawals } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("backoffice");
  const { money, time } = useFormats(facts.currency);
  return (
    <>
      <h1>{t("menu.withdrawals")}</h1>
      {withdrawals === null ? <p role="alert">{t("queue.unavailable")}</p> : null}
      {withdrawals?.length === 0 ? <p>{t("home.empty")}</p> : null}
      <ul className="bo-queue">
        {withdrawals?.map((w) => {
          const first = w.firstApproval;
          const mine = first?.operatorId === me;
          return (
            <li key={w.id} className="bo-item">
              <h2>{t("queue.item_title", { account: w.account, amount: money(w.amount) })}</h2>
              <ItemFacts
                rows={[
                  ["queue.fee", money(w.fee)],
                  ["queue.pay_to", w.details],
                  ["queue.requested", time(w.createdAt)],
                  ["queue.id", w.id],
                ]}
              />
              {first ? (
                <p className="bo-four-eyes" role="note">
                  {mine
                    ? t("decision.you_approved_first", { time: time(first.at) })
                    : t("decision.approved_first_by", { name: first.name, time: time(first.at) })}
                </p>
              ) : null}
              <DecisionForms
                queue="withdrawal"
                id={w.id}
                approveLabel={mine ? null : first ? "decision.second_approval" : "decision.approve_withdrawal"}
                rejectLabel="decision.reject_withdrawal"
                textLocale={facts.textLocale}
                error={answer?.id === w.id ? answer.error : undefined}
              />
            </li>
          );
        })}
      </ul>
    </>
  );
}
