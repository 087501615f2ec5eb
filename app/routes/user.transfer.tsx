import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { RealMoneyOnly } from "~/components/real-money-only";
import { useRootData } from "~/utils/root-data";
import {
  choiceErrorProps,
  CsrfInput,
  ErrorList,
  FormSummary,
  SelectField,
  SubmitButton,
  useServerForm,
} from "~/components/forms";
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
import { transferSchema } from "~/utils/money-schemas.server";
import { limitsFor, moneyFailure, moneySuccess, takeReceiptId, withGameNames } from "~/utils/money.server";
import type { RouteHandle } from "~/utils/translation-keys";
import { lockedBonus } from "~/utils/campaigns.server";
import { LockedBonusEntry, LockedBonusNote } from "~/components/campaigns/locked-bonus";

import { BreakPanel } from "~/components/protection/break-panel";
import { breakInForce } from "~/utils/protection.server";
export const handle = { titleKey: "money:transfer.title", i18n: ["money", "campaigns"] } satisfies RouteHandle;

export const shouldRevalidate = keepDataAfterRefusal;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const [wallets, recent, onBreak] = await Promise.all([
    context.platform.call("wallets"),
    context.platform.call("transfers", { query: { page: 1, pageSize: 5 } }),
    breakInForce(context),
  ]);
  const receiptId = takeReceiptId(request, context, "transfer");
  const bonus = await lockedBonus(context, wallets.ok ? wallets.data : null);
  return json(
    {
      wallets: wallets.ok ? withGameNames(context, wallets.data) : null,
      bonus,
      // a break in force closes transfers into the game only: the form keeps "out"
      onBreak,
      recent: recent.ok ? recent.data.items : [],
      receipt: (recent.ok && receiptId && recent.data.items.find((x) => x.id === receiptId)) || null,
      error: wallets.ok ? null : wallets.code,
      games: context.site.games,
      limits: limitsFor(context, "Transfer"),
      currency: context.site.currency,
      idempotencyKey: newIdempotencyKey(),
    },
    { status: wallets.ok ? 200 : wallets.status },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const schema = transferSchema(
    limitsFor(context, "Transfer"),
    context.site.games.map((g) => g.code),
  );
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  const key = submittedIdempotencyKey(formData);
  if (submission.status !== "success") {
    return json({ result: submission.reply(), idempotencyKey: key } satisfies MoneyActionData, { status: 400 });
  }
  const { direction, gameCode, amount, idempotencyKey } = submission.value;
  const result = await context.platform.call("transfer", { body: { direction, gameCode, amount }, idempotencyKey });
  if (!result.ok) return moneyFailure(context, submission, result, idempotencyKey);
  return moneySuccess(context, "/user/transfer", direction === "in" ? "transfer_in_success" : "transfer_out_success", {
    kind: "transfer",
    id: result.data.id,
  });
}

export default function Transfer() {
  const { wallets, bonus, recent, receipt, error, games, limits, currency, idempotencyKey, onBreak } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("money");
  const { mode } = useRootData();
  const codes = games.map((g) => g.code);
  const gameName = (code: string) => games.find((g) => g.code === code)?.name ?? code;
  const [form, fields] = useServerForm<ReturnType<typeof transferSchema>>({
    lastResult: actionData?.result,
    defaultValue: { direction: onBreak ? "out" : "in", gameCode: codes[0] },
  });
  const directions = onBreak ? (["out"] as const) : (["in", "out"] as const);
  return (
    <div className="money-page">
      <h1>{t("transfer.title")}</h1>
      {error ? (
        <p role="alert" className="error-list">
          {t(`messages:${error}`)}
        </p>
      ) : null}
      {receipt ? (
        <Receipt
          title={t(`receipt.transfer_${receipt.direction}`)}
          amount={receipt.amount}
          currency={currency}
          status={receipt.status}
          reference={receipt.id}
          time={receipt.createdAt}
        >
          <ReceiptFact label={t("transfer.game")}>{gameName(receipt.gameCode)}</ReceiptFact>
        </Receipt>
      ) : null}
      {wallets ? (
        <dl className="wallet-summary card">
          <div>
            <dt>{t("main_account")}</dt>
            <dd data-testid="main-balance">
              <Money minor={wallets.main.balance} currency={currency} />
            </dd>
          </div>
          {bonus ? <LockedBonusEntry bonus={bonus} currency={currency} /> : null}
          {wallets.games.map((g) => (
            <div key={g.code}>
              <dt>{t("game_wallet", { name: g.name })}</dt>
              <dd data-testid={`game-balance-${g.code}`}>
                <Money minor={g.balance} currency={currency} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {bonus ? <LockedBonusNote /> : null}
      {/* keyed by the page's idempotency key: a success brings a new key and an empty form (user.deposit.tsx);
          practice mode: no transfer form, the way back to real money instead (app/README.md, "Practice mode") */}
      {mode === "practice" ? (
        <RealMoneyOnly>
          <ErrorList id={form.errorId} errors={form.errors} alert />
        </RealMoneyOnly>
      ) : (
        <>
          {onBreak ? (
            <BreakPanel kind={onBreak.kind} until={onBreak.until}>
              <p>{t("break_panel.transfer_out_only")}</p>
            </BreakPanel>
          ) : null}
          <Form key={idempotencyKey} method="post" {...form.props} className="card">
            <CsrfInput />
            <IdempotencyInput value={actionData?.idempotencyKey ?? idempotencyKey} />
            <ErrorList id={form.errorId} errors={form.errors} alert />
            <FormSummary form={form} />
            <fieldset
              className="choice-group"
              aria-describedby={fields.direction.errors ? fields.direction.errorId : undefined}
            >
              <legend>{t("transfer.direction")}</legend>
              {directions.map((d) => (
                <label key={d} className="choice">
                  <input
                    type="radio"
                    name={fields.direction.name}
                    value={d}
                    defaultChecked={fields.direction.initialValue === d}
                    {...choiceErrorProps(fields.direction)}
                  />
                  <span>{t(`transfer.direction_${d}`)}</span>
                </label>
              ))}
              <ErrorList id={fields.direction.errorId} errors={fields.direction.errors} />
            </fieldset>
            {games.length > 1 ? (
              <SelectField
                meta={fields.gameCode}
                label={t("transfer.game")}
                options={games.map((g) => ({ value: g.code, label: g.name }))}
              />
            ) : (
              <input type="hidden" name={fields.gameCode.name} value={codes[0]} />
            )}
            <AmountField meta={fields.amount} limits={limits} currency={currency} />
            <SubmitButton>{t("transfer.submit")}</SubmitButton>
          </Form>
        </>
      )}
      <RecentList
        id="recent-transfers"
        title={t("transfer.recent")}
        items={recent.map((x) => ({
          id: x.id,
          time: x.createdAt,
          amount: <Money minor={x.amount} currency={currency} />,
          what: t(`transfer.short_${x.direction}`, { name: gameName(x.gameCode) }),
          status: x.status,
        }))}
      />
    </div>
  );
}
