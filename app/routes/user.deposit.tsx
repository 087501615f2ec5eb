import { parseWithZod } from "@conform-to/zod";
import { RichText } from "~/components/rich-text";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { RealMoneyOnly } from "~/components/real-money-only";
import { useRootData } from "~/utils/root-data";
import { choiceErrorProps, CsrfInput, ErrorList, FormSummary, SubmitButton, useServerForm } from "~/components/forms";
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
import { depositSchema } from "~/utils/money-schemas.server";
import { limitsFor, moneyFailure, moneySuccess, takeReceiptId, withOptionNames } from "~/utils/money.server";
import type { RouteHandle } from "~/utils/translation-keys";
import type { DepositOption, DepositPayment } from "../../server/contract";
import { PaymentCard } from "~/components/money/payment-card";
import { qrCode } from "~/utils/qr.server";
import { depositBonusOffers } from "~/utils/campaigns.server";
import { DepositBonusLine } from "~/components/campaigns/locked-bonus";
import { BreakPanel } from "~/components/protection/break-panel";
import { breakInForce } from "~/utils/protection.server";

export const handle = { titleKey: "money:deposit.title", i18n: ["money", "campaigns"] } satisfies RouteHandle;

export const shouldRevalidate = keepDataAfterRefusal;

/** How many recent deposits `?view=<id>` looks through (the platform's largest page). */
const VIEW_WINDOW = 100;

/**
 * The page shows one deposit above the form: the one just asked for (the receipt cookie, once) or
 * the one `?view=<id>` names (the records and the recent list link to it, so a pending deposit's
 * payment details stay one link away, with or without JavaScript). A pending deposit with a
 * payment gets its payment card, the QR code drawn here on the server (utils/qr.server.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const view = new URL(request.url).searchParams.get("view");
  // the bonus offers read recent deposits too (one platform call: reads are shared per request)
  const [result, bonusOffers, onBreak] = await Promise.all([
    context.platform.call("deposits", { query: { page: 1, pageSize: view ? VIEW_WINDOW : 5 } }),
    depositBonusOffers(context),
    breakInForce(context),
  ]);
  const optionOf = (id: string) => context.site.depositOptions.find((o) => o.id === id);
  const listed = (result.ok ? withOptionNames(context, result.data.items) : []).map((d) => ({
    ...d,
    payment: inMemberLanguage(d.payment, optionOf(d.optionId)),
  }));
  const receiptId = takeReceiptId(request, context, "deposit") ?? view;
  const receipt = (receiptId && listed.find((d) => d.id === receiptId)) || null;
  const option = receipt ? optionOf(receipt.optionId) : undefined;
  const payment = receipt?.status === "pending" ? receipt.payment : null;
  return json({
    onBreak,
    receipt,
    payment,
    qr: payment?.kind === "crypto" ? qrCode(payment.address) : null,
    assign: option?.crypto?.assign ?? null,
    // ?view= of a deposit that is not among the recent ones (or not the member's): said, not hidden
    viewMissing: Boolean(view) && result.ok && !receipt,
    options: context.site.depositOptions,
    limits: limitsFor(context, "Deposit"),
    currency: context.site.currency,
    recent: listed.slice(0, 5),
    bonusOffers,
    idempotencyKey: newIdempotencyKey(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const options = context.site.depositOptions;
  const schema = depositSchema(
    limitsFor(context, "Deposit"),
    options.map((o) => o.id),
  );
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  const key = submittedIdempotencyKey(formData);
  if (submission.status !== "success") {
    return json({ result: submission.reply(), idempotencyKey: key } satisfies MoneyActionData, { status: 400 });
  }
  const { optionId, amount, idempotencyKey } = submission.value;
  const result = await context.platform.call("deposit", { body: { optionId, amount }, idempotencyKey });
  if (!result.ok) return moneyFailure(context, submission, result, idempotencyKey);
  return moneySuccess(
    context,
    "/user/deposit",
    result.data.status === "credited" ? "deposit_credited" : "deposit_pending",
    { kind: "deposit", id: result.data.id },
  );
}

/**
 * A bank payment names the bank and branch as the platform fixed them, in the site's default
 * language; while the option still pays into the same account, the member reads them in their own
 * (context.site is localized: siteTexts.depositOptions[id].bank/branch).
 */
function inMemberLanguage(payment: DepositPayment | null, option: DepositOption | undefined): DepositPayment | null {
  if (payment?.kind !== "bank" || option?.bankAccount?.accountNumber !== payment.accountNumber) return payment;
  return { ...payment, bank: option.bankAccount.bank, branch: option.bankAccount.branch };
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
        <PaymentCard payment={payment} amount={receipt.amount} currency={currency} qr={qr} assign={assign} />
      ) : null}
      {viewMissing ? (
        <p className="card" role="status">
          {t("payment.not_found")}
        </p>
      ) : null}
      {/* practice mode: no deposit form, the way back to real money instead (app/README.md, "Practice mode") */}
      {mode === "practice" ? (
        <RealMoneyOnly>
          <ErrorList id={form.errorId} errors={form.errors} alert />
        </RealMoneyOnly>
      ) : onBreak ? (
        // a break in force: no deposit form (a pending deposit's payment card above stays); a form
        // rendered before the break and posted after it shows the platform's refusal above the panel
        <>
          <ErrorList id={form.errorId} errors={form.errors} alert />
          <BreakPanel kind={onBreak.kind} until={onBreak.until} />
        </>
      ) : options.length === 0 ? (
        <p>{t("deposit.no_options")}</p>
      ) : (
        // keyed by the page's idempotency key: a success brings a new key and so an empty form, even
        // with JavaScript (uncontrolled inputs would otherwise keep the amount just sent)
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
                  {o.instructions ? <RichText id={helpId} className="hint choice-help" text={o.instructions} /> : null}
                </div>
              );
            })}
            <ErrorList id={fields.optionId.errorId} errors={fields.optionId.errors} />
          </fieldset>
          <AmountField meta={fields.amount} limits={limits} currency={currency} />
          <DepositBonusLine offers={bonusOffers} currency={currency} />
          <SubmitButton>{t("deposit.submit")}</SubmitButton>
        </Form>
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
