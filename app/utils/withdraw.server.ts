import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { MoneyActionData } from "~/components/money-form";
import { requireMember } from "~/utils/auth.server";
import { newIdempotencyKey, submittedIdempotencyKey } from "~/utils/idempotency.server";
import { withdrawSchema } from "~/utils/money-schemas.server";
import { limitsFor, moneyFailure, moneySuccess, takeReceiptId } from "~/utils/money.server";
import { failureStatus } from "~/utils/failure-status";
import { lockedBonus } from "~/utils/campaigns.server";
import { needsAny, saveWithdrawDetails, withdrawNeeds } from "./withdraw-details.server";

/*
 * /user/withdraw's loader and action (routes/user.withdraw.tsx), as deposit.server.ts says why.
 */

export async function withdrawLoader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const { site, platform } = context;
  const [bank, wallets, recent, info] = await Promise.all([
    platform.call("bank"),
    platform.call("wallets"),
    platform.call("withdrawals", { query: { page: 1, pageSize: 5 } }),
    // what sign-up left out (real name, mobile, transaction password) is asked here first; and
    // smsVerify: the site pays withdrawals only to a verified mobile (the platform refuses with
    // verify_mobile_first): the page says so before the member fills the form
    platform.call("playerInfo"),
  ]);
  const needs = info.ok ? withdrawNeeds(context, info.data) : null;
  const mobileReady = !site.smsVerify || (info.ok && info.data.mobileVerified);
  const bankStatus = bank.ok ? bank.data.status : "none";
  const receiptId = takeReceiptId(request, context, "withdraw");
  const bonus = await lockedBonus(context, wallets.ok ? wallets.data : null);
  // a bank card must be bound before withdrawal; bankVerify says it must also be approved
  // (app/README.md, "Validation rules")
  const bankReady = site.bankVerify ? bankStatus === "approved" : bankStatus !== "none" && bankStatus !== "rejected";
  return json({
    needs: needs ?? { realName: false, mobile: false, transactionPassword: false },
    detailsReady: needs !== null && !needsAny(needs),
    areaCodes: site.localsOptions,
    detailsKey: newIdempotencyKey(),
    mobileReady,
    bankReady,
    bankStatus,
    bankDetails: bank.ok && bank.data.status !== "none" ? `${bank.data.bank} ····${bank.data.accountNumberLast4}` : "",
    available: wallets.ok ? wallets.data.main.balance : null,
    onHold: wallets.ok ? wallets.data.main.onHold : null,
    bonus,
    recent: recent.ok ? recent.data.items : [],
    receipt: (recent.ok && receiptId && recent.data.items.find((w) => w.id === receiptId)) || null,
    limits: limitsFor(context, "Withdraw"),
    fee: { ratio: site.withdrawFeeRatio, fixed: site.withdrawFeeFixed },
    transactionPasswordRequired: site.transactionPasswordRequired,
    currency: site.currency,
    idempotencyKey: newIdempotencyKey(),
  });
}

export async function withdrawAction({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const { site } = context;
  const schema = withdrawSchema(limitsFor(context, "Withdraw"), site.transactionPasswordRequired);
  const formData = await request.formData();
  if (formData.get("intent") === "details") {
    const info = await context.platform.call("playerInfo");
    if (!info.ok) throw new Response(null, { status: failureStatus(info.status) });
    return saveWithdrawDetails(context, formData, info.data);
  }
  const submission = parseWithZod(formData, { schema });
  const key = submittedIdempotencyKey(formData);
  if (submission.status !== "success") {
    return json(
      {
        result: submission.reply({ hideFields: ["transactionPassword"] }),
        idempotencyKey: key,
      } satisfies MoneyActionData,
      {
        status: 400,
      },
    );
  }
  const { amount, transactionPassword, idempotencyKey } = submission.value;
  const result = await context.platform.call("withdraw", { body: { amount, transactionPassword }, idempotencyKey });
  if (!result.ok) return moneyFailure(context, submission, result, idempotencyKey, ["transactionPassword"]);
  return moneySuccess(context, "/user/withdraw", "withdraw_success", { kind: "withdraw", id: result.data.id });
}
