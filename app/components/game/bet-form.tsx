import type { SubmissionResult } from "@conform-to/react";
import { Filled } from "~/components/filled";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Suspense, useEffect, useRef, useState } from "react";
import { lazyPiece } from "~/utils/lazy-piece";
import { useTranslation } from "~/utils/translator";
// the form's core, not ~/components/forms: the bet form uses none of the labelled fields (initial JS budget)
import { CsrfInput } from "~/components/csrf-input";
import { ErrorList, useServerForm } from "~/components/form-core";
import { choiceErrorProps, controlProps } from "~/components/server-form";
import { IdempotencyInput, LimitsHint, Money } from "~/components/money";
import { formatOdds, type Wallets } from "~/utils/game";
import { BET_OPTIONS } from "#rules/bet-options";
import { oddsBp, payout } from "#rules/outcomes";
import type { betSchema } from "~/utils/game.server";
import { formatMoney } from "~/utils/money";
import { decimalString, parseAmount } from "#rules/units";
import type { BetOption } from "#rules/bet-options";
import { moveAmountFor } from "~/utils/move-and-bet";
import { ReopensIn, useBettingClosed, type BettingRound } from "./betting-closed";
import type { BetQueueHandle } from "./placed";

// the queue of taps and its line in the bar: its code arrives after the page's (initial JS budget,
// tests/bench), preloaded from the HTML when the page renders it
const BetQueue = lazyPiece("app/components/game/placed.tsx", () => import("./placed"));

interface Props {
  pair: string;
  /** the Next round's: bets are taken on it until its cut-off, before it starts */
  periodNo: string;
  /** the Next round's head (round-head.tsx, NextRound): this form is that round's card */
  head?: React.ReactNode;
  odds: Record<string, number | undefined>;
  betAmounts: number[];
  limits: { min: number; max: number; digits: number };
  currency: string;
  gameWallet: Wallets["games"][number] | null;
  /** practice mode: the wallet is the practice balance (app/README.md, "Practice mode") */
  practice?: boolean;
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** the Next round's times: the form closes at its cut-off (null: the market could not be read) */
  round: BettingRound | null;
  /** what "Move US$20 and bet" may move (utils/move-and-bet.ts); null in practice mode */
  moveFrom: { main: number; transfer: { min: number; max: number }; unit: number } | null;
}

/**
 * The bet on the Next round: pair and period from the page, an option (a radio group drawn as large buttons, each
 * with its odds), a chip or a typed amount, and the bet bar: pinned to the bottom of a phone's
 * screen, it holds the amount and one button that says what the bet pays ("Bet $10.00 → pays
 * $19.50") and places it. A real form: without JavaScript it posts the page and comes back with a
 * toast, the button reading "Place bet". No option is chosen for the member: they pick the side.
 */
export function BetForm({
  pair,
  periodNo,
  head,
  odds,
  betAmounts,
  limits,
  currency,
  gameWallet,
  practice,
  idempotencyKey,
  lastResult,
  round,
  moveFrom,
}: Props) {
  const { t, i18n } = useTranslation("game");
  const [form, fields] = useServerForm<ReturnType<typeof betSchema>>({
    lastResult,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const queue = useRef<BetQueueHandle | null>(null);
  const [refused, setRefused] = useState<string | undefined>();
  const closed = useBettingClosed(round);
  // the server's render knows the stake after a refusal (the fields come back as sent): "Move and
  // bet" then shows without JavaScript too
  const [choice, setChoice] = useState<{
    option: string | null;
    amount: number | null;
  }>(() => ({
    option: fields.option.initialValue ?? null,
    amount: parseAmount(fields.amount.initialValue || fields.chip.initialValue || "", limits.digits),
  }));
  const read = () => {
    const f = formRef.current;
    if (!f) return;
    const data = new FormData(f);
    const typed = String(data.get("amount") ?? "").trim();
    const chip = data.get("chip");
    setChoice({
      option: data.get("option") as string | null,
      amount: parseAmount(typed || (typeof chip === "string" ? chip : ""), limits.digits),
    });
  };
  // With JavaScript a stake is set from the start, as DTrader and IQ Option do: the first chip
  // when nothing was chosen or typed. Without it nothing is pre-chosen (the server would take a
  // chip the member never picked over an amount left empty by mistake).
  useEffect(() => {
    const f = formRef.current;
    const amount = f?.elements.namedItem(fields.amount.name);
    let chip = f?.querySelector<HTMLInputElement>('input[name="chip"]:checked');
    if (f && !chip && amount instanceof HTMLInputElement && amount.value.trim() === "") {
      chip = f.querySelector<HTMLInputElement>('input[name="chip"]');
      if (chip) chip.checked = true;
    }
    if (f && chip) fillAmount(f, fields.amount.name, chip.value, false);
    read();
    // once, on mount: later changes come through the form's change events
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const oddsOf = choice.option ? odds[choice.option] : undefined;
  const preview =
    choice.option && oddsOf && choice.amount !== null && choice.amount > 0
      ? t("bet.preview", {
          amount: formatMoney(choice.amount, currency, i18n.language),
          payout: formatMoney(payout("win", choice.amount, oddsBp(oddsOf)), currency, i18n.language),
        })
      : null;
  const move =
    !practice && moveFrom && gameWallet && choice.amount !== null
      ? moveAmountFor({ stake: choice.amount, gameWallet: gameWallet.balance, ...moveFrom })
      : null;
  const barErrors = [
    form.errors,
    fields.pair.errors,
    fields.periodNo.errors,
    fields.idempotencyKey.errors,
    refused ? [refused] : null,
  ].flatMap((e) => e ?? []);
  // With JavaScript a complete bet (an option and an amount) joins the bar's queue instead of
  // posting the page: taps follow each other without waiting (use-bet-queue.ts). An incomplete
  // one posts as without JavaScript, and the action's answer marks the field to fix.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const body = new FormData(event.currentTarget);
    if (submitter instanceof HTMLButtonElement && submitter.name) body.set(submitter.name, submitter.value);
    const typed = String(body.get("amount") ?? "").trim();
    const chip = body.get("chip");
    const amount = parseAmount(typed || (typeof chip === "string" ? chip : ""), limits.digits);
    const option = body.get("option");
    if (closed) event.preventDefault();
    // not yet loaded (the first moments), or an incomplete bet: the page posts it
    if (closed || !queue.current || !option || amount === null || amount <= 0) return;
    event.preventDefault();
    const moving = body.get("intent") === "move-and-bet";
    queue.current.add(body, {
      periodNo,
      option: option as BetOption,
      amount,
      move: moving ? parseAmount(String(body.get("move") ?? ""), limits.digits) : null,
    });
  };
  return (
    <Form
      method="post"
      {...form.props}
      ref={formRef}
      onChange={read}
      onSubmit={onSubmit}
      // placing a bet never moves the page: the redirect back keeps the scroll position
      preventScrollReset
      className="card bet-form"
      aria-labelledby="bet-form-title"
    >
      <h2 id="bet-form-title">{t("bet.title")}</h2>
      {head}
      <CsrfInput />
      <IdempotencyInput value={idempotencyKey} />
      {/* the mode this page was rendered in (mode-input.tsx says why); the page knows it already */}
      <input type="hidden" name="mode" value={practice ? "practice" : "real"} />
      <input type="hidden" name="pair" value={pair} />
      <input type="hidden" name="periodNo" value={periodNo} />

      <fieldset
        className="bet-options"
        aria-describedby={fields.option.errors ? fields.option.errorId : undefined}
        disabled={closed}
      >
        <legend>{t("bet.option")}</legend>
        <div className="bet-option-grid">
          {BET_OPTIONS.map((option) => (
            <label key={option} className={`bet-option bet-option-${option}`}>
              <input
                type="radio"
                name={fields.option.name}
                value={option}
                defaultChecked={fields.option.initialValue === option}
                {...choiceErrorProps(fields.option)}
              />
              <span className="bet-option-name">{t(`option.${option}`)}</span>
              <span className="bet-odds" data-testid={`odds-${option}`}>
                <span className="visually-hidden">{t("bet.odds")} </span>×{formatOdds(odds[option] ?? 0, i18n.language)}
              </span>
            </label>
          ))}
        </div>
        {/* over the options, not above them: the page keeps its height when betting closes */}
        {closed && round ? (
          <p className="bet-closed" data-testid="bet-closed" role="status">
            {t("bet.closed_round", { periodNo: round.periodNo })}
          </p>
        ) : null}
        <ErrorList id={fields.option.errorId} errors={fields.option.errors} />
      </fieldset>

      {betAmounts.length > 0 ? (
        <fieldset className="bet-chips">
          <legend>{t("bet.chips")}</legend>
          <div className="bet-chip-row">
            {betAmounts.map((minor) => {
              const value = decimalString(minor, limits.digits);
              return (
                <label key={minor} className="chip">
                  <input
                    type="radio"
                    name="chip"
                    value={value}
                    defaultChecked={fields.chip.initialValue === value}
                    // a click, not a change: tapping the chip already chosen puts its amount back too
                    onClick={(event) => {
                      fillAmount(event.currentTarget.form, fields.amount.name, value, true);
                      read();
                    }}
                  />
                  <span data-testid="chip">
                    <Money minor={minor} currency={currency} />
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      <p id="bet-limits" className="hint bet-limits">
        {betAmounts.length > 0 ? (
          <Filled
            text={t("bet.amount_hint_limits")}
            slots={{
              min: <Money minor={limits.min} currency={currency} />,
              max: <Money minor={limits.max} currency={currency} />,
            }}
          />
        ) : (
          <LimitsHint min={limits.min} max={limits.max} currency={currency} />
        )}
      </p>

      <div className="bet-bar" data-testid="bet-bar">
        {/* the hidden fields' problems (a stale period, an expired form) are the form's */}
        <ErrorList id={form.errorId} errors={barErrors} alert />
        {/* the amount's field: its message, the wallet, the box and the button that places the bet */}
        <div className="field bet-field">
          <ErrorList id={fields.amount.errorId} errors={fields.amount.errors} />
          <div className="bet-bar-status">
            <span>
              {/* practice mode: the practice balance stands where the game wallet would (app/README.md, "Practice mode") */}
              <Filled
                text={practice ? t("common:practice.wallet_value") : t("bet.game_wallet_value")}
                slots={{
                  amount: (
                    <strong data-testid="game-wallet">
                      {gameWallet ? <Money minor={gameWallet.balance} currency={currency} /> : "—"}
                    </strong>
                  ),
                }}
              />
            </span>
            {!practice && (!gameWallet || gameWallet.balance === 0) ? (
              <Link to="/user/transfer">{t("bet.transfer_link")}</Link>
            ) : null}
            {/* each bet sent from this page while its round is Next: pending, "✓ High · $1.00", or refused */}
            <Suspense fallback={null}>
              <BetQueue
                handle={queue}
                pageKey={idempotencyKey}
                periodNo={periodNo}
                currency={currency}
                onRefusal={setRefused}
              />
            </Suspense>
          </div>
          <div className="bet-bar-row">
            <div className="bet-amount">
              <label htmlFor={fields.amount.id}>{t("bet.amount")}</label>
              <input
                {...controlProps(fields.amount, "bet-limits")}
                key={fields.amount.key}
                type="text"
                defaultValue={fields.amount.initialValue}
                inputMode="decimal"
                autoComplete="off"
              />
            </div>
            {move !== null ? (
              <>
                <input type="hidden" name="move" value={decimalString(move, limits.digits)} />
                <BetButton closed={closed} intent="move-and-bet">
                  {closed && round ? (
                    <ReopensIn round={round} />
                  ) : (
                    t("bet.move_submit", { amount: formatMoney(move, currency, i18n.language) })
                  )}
                </BetButton>
              </>
            ) : (
              <BetButton closed={closed}>
                {closed && round ? <ReopensIn round={round} /> : (preview ?? t("bet.submit"))}
              </BetButton>
            )}
          </div>
        </div>
      </div>
    </Form>
  );
}

function BetButton({ children, closed, intent }: { children: React.ReactNode; closed: boolean; intent?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      className="button button-primary bet-submit"
      // closed: really disabled (the options too) until the next round takes bets
      disabled={closed}
      aria-disabled={busy || undefined}
      data-testid="bet-submit"
    >
      {children}
    </button>
  );
}

/** A chip fills the amount box (without JavaScript the server takes the chip when the box is empty). */
function fillAmount(form: HTMLFormElement | null, name: string, value: string, always: boolean) {
  const amount = form?.elements.namedItem(name);
  if (amount instanceof HTMLInputElement && (always || amount.value.trim() === "")) amount.value = value;
}
