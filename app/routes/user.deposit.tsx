import { RichText } from "~/components/rich-text";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { depositAction, depositLoader } from "~/utils/deposit.server";
import type { depositSchema } from "~/utils/money-schemas.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { useRootData } from "~/utils/root-data";
import { choiceErrorProps, CsrfInput, ErrorList, FormSummary, SubmitButton, useServerForm } from "~/components/forms";
import { IdempotencyInput, Money } from "~/components/money";
import { AmountField, keepDataAfterRefusal, Receipt, ReceiptFact, RecentList } from "~/components/money-form";
import type { RouteHandle } from "~/utils/translation-keys";
import { DepositBonusLine } from "~/components/campaigns/locked-bonus";
import { Suspense } from "react";
import { lazyPiece } from "~/utils/lazy-piece";

// shown only in practice mode or during a break, never on a real-money member's usual page: loaded
// when shown (the server's render names their chunks, utils/lazy-piece.tsx), so the page's first
// JavaScript stays within its budget (tests/bench)
const RealMoneyOnly = lazyPiece("app/components/real-money-only.tsx", () =>
  import("~/components/real-money-only").then((m) => ({ default: m.RealMoneyOnly })),
);
// a pending deposit's payment details (with its QR code and copy buttons): shown after a deposit is
// asked for or from ?view=, not on the form's first screen; loaded the same way
const PaymentCard = lazyPiece("app/components/money/payment-card.tsx", () =>
  import("~/components/money/payment-card").then((m) => ({ default: m.PaymentCard })),
);
// before the first deposit only (decision 033): loaded when shown, like the break panel
const LimitsOffer = lazyPiece("app/components/protection/limits-offer.tsx", () =>
  import("~/components/protection/limits-offer").then((m) => ({ default: m.LimitsOffer })),
);
const BreakPanel = lazyPiece("app/components/protection/break-panel.tsx", () =>
  import("~/components/protection/break-panel").then((m) => ({ default: m.BreakPanel })),
);

export const handle = { titleKey: "money:deposit.title", i18n: ["money", "campaigns"] } satisfies RouteHandle;

export const shouldRevalidate = keepDataAfterRefusal;

/** The page's data and the deposit form's post (utils/deposit.server.ts). */
export async function loader(args: LoaderFunctionArgs) {
  return depositLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return depositAction(args);
}

export default function Deposit() {
  const {
    options,
    limits,
    currency,
    recent,
    receipt,
    payment,
    qr,
    assign,
    viewMissing,
    bonusOffers,
    idempotencyKey,
    onBreak,
    offerLimits,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("money");
  const { mode } = useRootData();
  const [form, fields] = useServerForm<ReturnType<typeof depositSchema>>({
    lastResult: actionData?.result,
    defaultValue: { optionId: options[0]?.id },
  });
  return (
    <div className="money-page">
      <h1>{t("deposit.title")}</h1>
      {receipt ? (
        <Receipt
          title={t("receipt.deposit")}
          amount={receipt.amount}
          currency={currency}
          status={receipt.status}
          // the reference the member writes in the transfer note and the operator matches; the id for a demo deposit
          reference={receipt.payment?.reference ?? receipt.id}
          time={receipt.createdAt}
        >
          <ReceiptFact label={t("deposit.option")}>{receipt.optionName}</ReceiptFact>
        </Receipt>
      ) : null}
      {receipt && payment ? (
        <Suspense fallback={null}>
          <PaymentCard payment={payment} amount={receipt.amount} currency={currency} qr={qr} assign={assign} />
        </Suspense>
      ) : null}
      {viewMissing ? (
        <p className="card" role="status">
          {t("payment.not_found")}
        </p>
      ) : null}
      {/* practice mode: no deposit form, the way back to real money instead (app/README.md, "Practice mode") */}
      {mode === "practice" ? (
        <Suspense fallback={null}>
          <RealMoneyOnly>
            <ErrorList id={form.errorId} errors={form.errors} alert />
          </RealMoneyOnly>
        </Suspense>
      ) : onBreak ? (
        // a break in force: no deposit form (a pending deposit's payment card above stays); a form
        // rendered before the break and posted after it shows the platform's refusal above the panel
        <>
          <ErrorList id={form.errorId} errors={form.errors} alert />
          <Suspense fallback={null}>
            <BreakPanel {...onBreak} />
          </Suspense>
        </>
      ) : options.length === 0 ? (
        <p>{t("deposit.no_options")}</p>
      ) : (
        <>
          {offerLimits ? (
            <Suspense fallback={null}>
              <LimitsOffer next="/user/deposit" heading="first_deposit_title" />
            </Suspense>
          ) : null}
          // keyed by the page's idempotency key: a success brings a new key and so an empty form, even // with
          JavaScript (uncontrolled inputs would otherwise keep the amount just sent)
          <Form key={idempotencyKey} method="post" {...form.props} className="card">
            <CsrfInput />
            <IdempotencyInput value={actionData?.idempotencyKey ?? idempotencyKey} />
            <ErrorList id={form.errorId} errors={form.errors} alert />
            <FormSummary form={form} />
            <fieldset
              className="choice-group"
              aria-describedby={fields.optionId.errors ? fields.optionId.errorId : undefined}
            >
              <legend>{t("deposit.option")}</legend>
              {options.map((o) => {
                const errorProps = choiceErrorProps(fields.optionId);
                const helpId = `deposit-option-${o.id}-help`;
                // the instructions may be paragraphs and lists (RichText): block content, so beside
                // the label rather than in it, and tied to the radio by aria-describedby; outside the
                // hit area, bank details stay selectable for copying
                return (
                  <div key={o.id} className="choice-card">
                    <label className="choice">
                      <input
                        type="radio"
                        name={fields.optionId.name}
                        value={o.id}
                        defaultChecked={fields.optionId.initialValue === o.id}
                        {...errorProps}
                        aria-describedby={
                          [errorProps["aria-describedby"], o.instructions ? helpId : undefined]
                            .filter(Boolean)
                            .join(" ") || undefined
                        }
                      />
                      <strong>{o.name}</strong>
                    </label>
                    {o.instructions ? (
                      <RichText id={helpId} className="hint choice-help" text={o.instructions} />
                    ) : null}
                  </div>
                );
              })}
              <ErrorList id={fields.optionId.errorId} errors={fields.optionId.errors} />
            </fieldset>
            <AmountField meta={fields.amount} limits={limits} currency={currency} />
            <DepositBonusLine offers={bonusOffers} currency={currency} />
            <SubmitButton>{t("deposit.submit")}</SubmitButton>
          </Form>
        </>
      )}
      <RecentList
        id="recent-deposits"
        title={t("deposit.recent")}
        items={recent.map((d) => ({
          id: d.id,
          time: d.createdAt,
          amount: <Money minor={d.amount} currency={currency} />,
          what:
            d.status === "pending" && d.payment ? (
              <>
                {d.optionName} · <Link to={`/user/deposit?view=${encodeURIComponent(d.id)}`}>{t("payment.view")}</Link>
              </>
            ) : (
              d.optionName
            ),
          status: d.status,
          reason: d.reason || undefined,
        }))}
      />
    </div>
  );
}
