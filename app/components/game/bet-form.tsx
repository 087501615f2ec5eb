import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { choiceErrorProps, controlProps, CsrfInput, ErrorList, SubmitButton, useServerForm } from "~/components/forms";
import { IdempotencyInput, Money } from "~/components/money";
import { LimitsHint } from "~/components/money-form";
import { BET_OPTIONS, formatOdds, type Wallets } from "~/utils/game";
import type { betSchema } from "~/utils/game.server";
import { toDecimalString } from "~/utils/money";

interface Props {
  pair: string;
  periodNo: string;
  odds: Record<string, number | undefined>;
  betAmounts: number[];
  limits: { min: number; max: number; digits: number };
  currency: string;
  gameWallet: Wallets["games"][number] | null;
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]> | null;
}

/**
 * The bet: pair and period from the page, an option (radio group with its odds), a chip or a typed
 * amount. A real form: without JavaScript it posts the page and comes back with a toast.
 */
export function BetForm({ pair, periodNo, odds, betAmounts, limits, currency, gameWallet, idempotencyKey, lastResult }: Props) {
  const { t, i18n } = useTranslation("game");
  const [form, fields] = useServerForm<ReturnType<typeof betSchema>>({ lastResult });
  return (
    <Form method="post" {...form.props} className="card bet-form" aria-labelledby="bet-form-title">
      <h2 id="bet-form-title">{t("bet.title")}</h2>
      <p className="game-wallet">
        {t("bet.game_wallet")}{" "}
        <strong data-testid="game-wallet">{gameWallet ? <Money minor={gameWallet.balance} currency={currency} /> : "—"}</strong>
        {!gameWallet || gameWallet.balance === 0 ? (
          <>
            {" "}
            <Link to="/user/transfer">{t("bet.transfer_link")}</Link>
          </>
        ) : null}
      </p>
      <CsrfInput />
      <IdempotencyInput value={idempotencyKey} />
      <input type="hidden" name="pair" value={pair} />
      <input type="hidden" name="periodNo" value={periodNo} />
      {/* the hidden fields' problems (a stale period, an expired form) are the form's */}
      <ErrorList id={form.errorId} errors={[form.errors, fields.pair.errors, fields.periodNo.errors, fields.idempotencyKey.errors].flatMap((e) => e ?? [])} alert />

      <fieldset className="bet-options" aria-describedby={fields.option.errors ? fields.option.errorId : undefined}>
        <legend>{t("bet.option")}</legend>
        <div className="bet-option-grid">
          {BET_OPTIONS.map((option) => (
            <label key={option} className="bet-option">
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
        <ErrorList id={fields.option.errorId} errors={fields.option.errors} />
      </fieldset>

      {betAmounts.length > 0 ? (
        <fieldset className="bet-chips">
          <legend>{t("bet.chips")}</legend>
          {betAmounts.map((minor) => {
            const value = toDecimalString(minor, limits.digits);
            return (
              <label key={minor} className="chip">
                <input
                  type="radio"
                  name="chip"
                  value={value}
                  defaultChecked={fields.chip.initialValue === value}
                  onChange={(event) => fillAmount(event.currentTarget.form, fields.amount.name, value)}
                />
                <span data-testid="chip">
                  <Money minor={minor} currency={currency} />
                </span>
              </label>
            );
          })}
        </fieldset>
      ) : null}

      <div className="field">
        <label htmlFor={fields.amount.id}>{t("bet.amount")}</label>
        <input
          {...controlProps(fields.amount, "bet-limits")}
          key={fields.amount.key}
          type="text"
          defaultValue={fields.amount.initialValue}
          inputMode="decimal"
          autoComplete="off"
        />
        <p id="bet-limits" className="hint">
          {betAmounts.length > 0 ? `${t("bet.amount_hint")} ` : null}
          <LimitsHint min={limits.min} max={limits.max} currency={currency} />
        </p>
        <ErrorList id={fields.amount.errorId} errors={fields.amount.errors} />
      </div>
      <SubmitButton>{t("bet.submit")}</SubmitButton>
    </Form>
  );
}

/** A chip fills the amount box (without JavaScript the server takes the chip when the box is empty). */
function fillAmount(form: HTMLFormElement | null, name: string, value: string) {
  const amount = form?.elements.namedItem(name);
  if (amount instanceof HTMLInputElement) amount.value = value;
}
