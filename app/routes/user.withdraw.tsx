import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Filled } from "~/components/filled";
import { withdrawAction, withdrawLoader } from "~/utils/withdraw.server";
import type { withdrawSchema } from "~/utils/money-schemas.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Suspense, useState } from "react";
import { useTranslation } from "~/utils/translator";
import { lazyPiece } from "~/utils/lazy-piece";
import { useRootData } from "~/utils/root-data";
import { FeePreview } from "~/components/fee-preview";
import { CsrfInput, ErrorList, FormSummary, Field, SubmitButton, useServerForm } from "~/components/forms";
import { IdempotencyInput, Money } from "~/components/money";
import { AmountField, keepDataAfterRefusal, Receipt, ReceiptFact, RecentList } from "~/components/money-form";
import type { RouteHandle } from "~/utils/translation-keys";
import { LockedBonusEntry, LockedBonusNote } from "~/components/campaigns/locked-bonus";
import { WithdrawDetailsForm } from "~/components/money/withdraw-details";

// shown only in practice mode, never on a real-money member's page: loaded when shown (the server's
// render names its chunks, utils/lazy-piece.tsx), so the page's first JavaScript stays within its
// budget (tests/bench)
const RealMoneyOnly = lazyPiece("app/components/real-money-only.tsx", () =>
  import("~/components/real-money-only").then((m) => ({ default: m.RealMoneyOnly })),
);

export const handle = { titleKey: "money:withdraw.title", i18n: ["money", "campaigns"] } satisfies RouteHandle;

export const shouldRevalidate = keepDataAfterRefusal;

/** The page's data and its form's post (utils/withdraw.server.ts). */
export async function loader(args: LoaderFunctionArgs) {
  return withdrawLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return withdrawAction(args);
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
          <Filled
            text={data.onHold ? t("withdraw.available_held") : t("withdraw.available_value")}
            slots={{
              available: <Money minor={data.available} currency={currency} />,
              held: data.onHold ? <Money minor={data.onHold} currency={currency} /> : null,
            }}
          />
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
        <Suspense fallback={null}>
          <RealMoneyOnly>
            <PracticeRefused />
          </RealMoneyOnly>
        </Suspense>
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
      <p className="hint">{t("withdraw.to_value", { details: data.bankDetails })}</p>
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
