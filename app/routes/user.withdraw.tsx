import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/utils/translator";
import { RealMoneyOnly } from "~/components/real-money-only";
import { useRootData } from "~/utils/root-data";
import { FeePreview } from "~/components/fee-preview";
import { CsrfInput, ErrorList, FormSummary, Field, SubmitButton, useServerForm } from "~/components/forms";
import { IdempotencyInput, Money } from "~/components/money";
import {
  AmountField,
  keepDataAfterRefusal,
  Receipt,
  ReceiptFact,
  RecentList,
  type MoneyActionData,
} from "~/components/money-form";
import { requireMember } from "~/utils/auth.server";
import { newIdempotencyKey, submittedIdempotencyKey } from "~/utils/idempotency.server";
import { withdrawSchema } from "~/utils/money-schemas.server";
import { limitsFor, moneyFailure, moneySuccess, takeReceiptId } from "~/utils/money.server";
import type { RouteHandle } from "~/utils/translation-keys";
import { failureStatus } from "~/utils/failure-status";
import { lockedBonus } from "~/utils/campaigns.server";
import { LockedBonusEntry, LockedBonusNote } from "~/components/campaigns/locked-bonus";
import { WithdrawDetailsForm } from "~/components/money/withdraw-details";
import { needsAny, saveWithdrawDetails, withdrawNeeds } from "~/utils/withdraw-details.server";

export const handle = { titleKey: "money:withdraw.title", i18n: ["money", "campaigns"] } satisfies RouteHandle;

export const shouldRevalidate = keepDataAfterRefusal;

export async function loader({ request, context }: LoaderFunctionArgs) {
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

export async function action({ request, context }: ActionFunctionArgs) {
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

export default function Withdraw() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("money");
  const { currency, receipt } = data;
  const { mode } = useRootData();
  return (
    <div className="money-page">
      <h1>{t("withdraw.title")}</h1>
      {receipt ? (
        <Receipt
          title={t("receipt.withdraw")}
          amount={receipt.amount}
          currency={currency}
          status={receipt.status}
          reference={receipt.id}
          time={receipt.createdAt}
        >
          <ReceiptFact label={t("withdraw.fee")}>
            <Money minor={receipt.fee} currency={currency} />
          </ReceiptFact>
          <ReceiptFact label={t("withdraw.to")}>{receipt.details}</ReceiptFact>
        </Receipt>
      ) : null}
      {data.available !== null ? (
        <p className="card">
          {t("withdraw.available")}: <Money minor={data.available} currency={currency} />
          {data.onHold ? (
            <>
              {" · "}
              {t("on_hold")}: <Money minor={data.onHold} currency={currency} />
            </>
          ) : null}
        </p>
      ) : null}
      {data.bonus ? (
        <>
          <dl className="wallet-summary card">
            <LockedBonusEntry bonus={data.bonus} currency={currency} />
          </dl>
          <LockedBonusNote />
        </>
      ) : null}
      {/* practice mode: no withdrawal form, the way back to real money instead (app/README.md, "Practice mode") */}
      {mode === "practice" ? (
        <RealMoneyOnly>
          <PracticeRefused />
        </RealMoneyOnly>
      ) : null}
      {mode === "practice" || data.detailsReady ? null : <WithdrawDetailsForm />}
      {mode === "practice" || !data.detailsReady ? null : !data.mobileReady ? (
        <div className="card" role="status">
          <p>{t("withdraw.verify_mobile")}</p>
          <Link to="/user/smsVerify" className="button">
            {t("withdraw.verify_mobile_link")}
          </Link>
        </div>
      ) : null}
      {mode === "practice" ? null : !data.bankReady ? (
        <div className="card" role="status">
          <p>
            {data.bankStatus === "under_review" ? t("withdraw.bank_under_review") : t("messages:bind_bank_card_first")}
          </p>
          <Link to="/user/bank" className="button">
            {t("withdraw.bind_bank")}
          </Link>
        </div>
      ) : !data.mobileReady || !data.detailsReady ? null : (
        // keyed by the page's idempotency key: a success brings a new key and so an empty form (amount,
        // transaction password, fee preview), even with JavaScript (user.deposit.tsx)
        <WithdrawForm key={data.idempotencyKey} />
      )}
      <RecentList
        id="recent-withdrawals"
        title={t("withdraw.recent")}
        items={data.recent.map((w) => ({
          id: w.id,
          time: w.createdAt,
          amount: <Money minor={w.amount} currency={currency} />,
          what: (
            <>
              {t("withdraw.fee")} <Money minor={w.fee} currency={currency} />
            </>
          ),
          status: w.status,
          reason: w.reason || undefined,
        }))}
      />
    </div>
  );
}

/** A withdrawal posted from a page of before the switch: the platform's refusal (practice_mode_refused). */
function PracticeRefused() {
  const actionData = useActionData<typeof action>();
  const [form] = useServerForm<ReturnType<typeof withdrawSchema>>({ lastResult: resultOf(actionData) });
  return <ErrorList id={form.errorId} errors={form.errors} alert />;
}

function WithdrawForm() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("money");
  const [amountText, setAmountText] = useState("");
  const [form, fields] = useServerForm<ReturnType<typeof withdrawSchema>>({ lastResult: resultOf(actionData) });
  const { currency } = data;
  return (
    <Form
      method="post"
      {...form.props}
      className="card"
      onInput={(e) => {
        const target = e.target as HTMLInputElement;
        if (target.name === fields.amount.name) setAmountText(target.value);
      }}
    >
      <CsrfInput />
      <IdempotencyInput value={(resultOf(actionData) && actionData?.idempotencyKey) || data.idempotencyKey} />
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <FormSummary form={form} />
      <p className="hint">
        {t("withdraw.to")}: {data.bankDetails}
      </p>
      <AmountField meta={fields.amount} limits={data.limits} currency={currency} />
      <FeePreview
        amountText={amountText}
        ratio={data.fee.ratio}
        fixed={data.fee.fixed}
        digits={data.limits.digits}
        currency={currency}
      />
      {data.transactionPasswordRequired ? (
        <Field meta={fields.transactionPassword} label={t("transaction_password")} type="password" autoComplete="off" />
      ) : null}
      <SubmitButton>{t("withdraw.submit")}</SubmitButton>
    </Form>
  );
}

/** The withdrawal form's answer (the details form's is `details`, read by its own component). */
function resultOf(actionData: ReturnType<typeof useActionData<typeof action>>) {
  return actionData && "result" in actionData ? actionData.result : undefined;
}
