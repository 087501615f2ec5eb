import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { transferAction, transferLoader } from "~/utils/transfer.server";
import type { transferSchema } from "~/utils/money-schemas.server";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
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
import { AmountField, keepDataAfterRefusal, Receipt, ReceiptFact, RecentList } from "~/components/money-form";
import type { RouteHandle } from "~/utils/translation-keys";
import { LockedBonusEntry, LockedBonusNote } from "~/components/campaigns/locked-bonus";

import { Suspense } from "react";
import { lazyPiece } from "~/utils/lazy-piece";

// shown only in practice mode or during a break, never on a real-money member's usual page: loaded
// when shown (the server's render names their chunks, utils/lazy-piece.tsx), so the page's first
// JavaScript stays within its budget (tests/bench)
const RealMoneyOnly = lazyPiece("app/components/real-money-only.tsx", () =>
  import("~/components/real-money-only").then((m) => ({ default: m.RealMoneyOnly })),
);
const BreakPanel = lazyPiece("app/components/protection/break-panel.tsx", () =>
  import("~/components/protection/break-panel").then((m) => ({ default: m.BreakPanel })),
);
export const handle = { titleKey: "money:transfer.title", i18n: ["money", "campaigns"] } satisfies RouteHandle;

export const shouldRevalidate = keepDataAfterRefusal;

/** The page's data and its form's post (utils/transfer.server.ts). */
export async function loader(args: LoaderFunctionArgs) {
  return transferLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return transferAction(args);
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
        <Suspense fallback={null}>
          <RealMoneyOnly>
            <ErrorList id={form.errorId} errors={form.errors} alert />
          </RealMoneyOnly>
        </Suspense>
      ) : (
        <>
          {onBreak ? (
            <Suspense fallback={null}>
              <BreakPanel {...onBreak}>
                <p>{t("break_panel.transfer_out_only")}</p>
              </BreakPanel>
            </Suspense>
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
