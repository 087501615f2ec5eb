import type { SubmissionResult } from "@conform-to/react";
import { Filled } from "~/components/filled";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/utils/translator";
// the form's core, not ~/components/forms: as the bet form, for the page's initial JS budget
import { CsrfInput } from "~/components/csrf-input";
import { ErrorList, useServerForm } from "~/components/form-core";
import { ModeInput } from "~/components/mode-input";
import { choiceErrorProps, controlProps } from "~/components/server-form";
import { IdempotencyInput, Money } from "~/components/money";
import {
  previewOf,
  priceInput,
  ticketOf,
  type ContractSettings,
  type ContractQuery,
  type Preview,
  type TypedTicket,
} from "~/utils/contract";
import type { openSchema } from "~/utils/contract.server";
import { formatPrice } from "~/utils/game";
import { formatMoney } from "~/utils/money";
import { POSITION_SIDES, type PositionSide } from "#rules/position-math";
import { decimalString } from "#rules/units";

interface Props {
  query: ContractQuery;
  pairName: string;
  precision: number;
  /** the live price: shown as the entry and posted as seenPrice */
  price: number | null;
  settings: ContractSettings;
  chips: number[];
  currency: string;
  digits: number;
  gameWallet: { balance: number } | null;
  /** practice mode: the wallet is the practice balance (app/README.md, "Practice mode") */
  practice?: boolean;
  /** the loader's preview of the ticket in the address: the page's figures without JavaScript */
  serverPreview: Preview | null;
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]> | null;
}

/**
 * The ticket: long or short as two big buttons (IQ Option's up/down), the margin (chips and a
 * box, as the bet), the leverage as a segmented control (Binance futures), optional take-profit
 * and stop-loss prices, and what the member gets before confirming: entry, size, the opening
 * and closing fees, liquidation price and the payout at each trigger (DTrader's multipliers panel and Binance's
 * order form both show the liquidation price before the order). A real form: without JavaScript
 * "Update figures" posts the ticket back as the page's address, whose loader computes the same
 * preview; "Open" posts it with the idempotency key. With JavaScript the figures follow each
 * keystroke and each tick, from the platform's own functions.
 */
export function Ticket(props: Props) {
  const { query, precision, price, settings, currency, digits } = props;
  const { t, i18n } = useTranslation("contract");
  const lng = i18n.language;
  const [form, fields] = useServerForm<ReturnType<typeof openSchema>>({
    lastResult: props.lastResult,
    defaultValue: {
      side: query.side,
      margin: query.margin,
      leverage: String(query.leverage),
      takeProfit: query.takeProfit,
      stopLoss: query.stopLoss,
    },
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [ticket, setTicket] = useState<TypedTicket | null>(null);
  const read = () => {
    const f = formRef.current;
    if (!f) return;
    const data = new FormData(f);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    setTicket({
      side: text("side") === "short" ? "short" : "long",
      margin: text("margin") || text("chip"),
      leverage: Number(text("leverage")) || settings.leverageOptions[0]!,
      takeProfit: text("takeProfit"),
      stopLoss: text("stopLoss"),
    });
  };
  useEffect(() => {
    setHydrated(true);
    read();
    // once, on mount: later changes come through the form's change events
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // with JavaScript the figures are the browser's, at the live price; before, the server's
  const preview = ticket ? previewOf(settings, ticketOf(ticket, price, digits, precision)) : props.serverPreview;
  const side = ticket?.side ?? query.side;
  const leverage = ticket?.leverage ?? query.leverage;
  const fmtPrice = (p: number) => formatPrice(p, precision, lng);
  const money = (m: number) => formatMoney(m, currency, lng);
  const signed = (m: number) => (m > 0 ? `+${money(m)}` : money(m));
  const closeOnly = settings.closeOnlyPairs.includes(query.pair);
  const example = price !== null ? priceInput(price, precision) : "";
  const barErrors = [form.errors, fields.pair.errors, fields.seenPrice.errors, fields.idempotencyKey.errors].flatMap(
    (e) => e ?? [],
  );
  const submitLabel =
    hydrated && preview
      ? t("ticket.submit", { side: t(`ticket.${side}`), leverage, cost: money(preview.cost) })
      : t("ticket.submit_plain");
  return (
    <Form
      method="post"
      {...form.props}
      ref={formRef}
      onChange={read}
      preventScrollReset
      className="card contract-ticket"
      aria-labelledby="ticket-title"
    >
      <h2 id="ticket-title">{t("ticket.title")}</h2>
      <CsrfInput />
      <IdempotencyInput value={props.idempotencyKey} />
      <ModeInput />
      <input type="hidden" name="pair" value={query.pair} />
      <input type="hidden" name="seenPrice" value={price ?? ""} />
      {closeOnly ? <p className="error-list">{t("ticket.close_only")}</p> : null}

      <fieldset className="contract-sides" aria-describedby={fields.side.errors ? fields.side.errorId : undefined}>
        <legend className="visually-hidden">{t("ticket.side")}</legend>
        {POSITION_SIDES.map((s) => (
          <label key={s} className={`contract-side contract-side-${s}`}>
            <input
              type="radio"
              name={fields.side.name}
              value={s}
              defaultChecked={(fields.side.initialValue ?? "long") === s}
              {...choiceErrorProps(fields.side)}
            />
            <span className="contract-side-name">
              <span aria-hidden="true">{s === "long" ? "▲ " : "▼ "}</span>
              {t(`ticket.${s}`)}
            </span>
            <span className="contract-side-hint">{t(`ticket.${s}_hint`)}</span>
          </label>
        ))}
        <ErrorList id={fields.side.errorId} errors={fields.side.errors} />
      </fieldset>

      <fieldset
        className="contract-leverage"
        aria-describedby={fields.leverage.errors ? fields.leverage.errorId : undefined}
      >
        <legend>{t("ticket.leverage")}</legend>
        <div className="contract-seg">
          {settings.leverageOptions.map((l) => (
            <label key={l}>
              <input
                type="radio"
                name={fields.leverage.name}
                value={l}
                defaultChecked={Number(fields.leverage.initialValue ?? settings.leverageOptions[0]) === l}
                {...choiceErrorProps(fields.leverage)}
              />
              <span>{l}×</span>
            </label>
          ))}
        </div>
        <ErrorList id={fields.leverage.errorId} errors={fields.leverage.errors} />
      </fieldset>

      <div className="field contract-margin">
        <label htmlFor={fields.margin.id}>{t("ticket.margin")}</label>
        {props.chips.length > 0 ? (
          <fieldset className="bet-chips">
            <legend className="visually-hidden">{t("ticket.chips")}</legend>
            <div className="bet-chip-row">
              {props.chips.map((minor) => {
                const value = decimalString(minor, digits);
                return (
                  <label key={minor} className="chip">
                    <input
                      type="radio"
                      name="chip"
                      value={value}
                      // a chip fills the box (without JavaScript the server takes it when the box is empty)
                      onClick={(event) => {
                        const box = event.currentTarget.form?.elements.namedItem(fields.margin.name);
                        if (box instanceof HTMLInputElement) box.value = value;
                        read();
                      }}
                    />
                    <span>
                      <Money minor={minor} currency={currency} />
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ) : null}
        <input
          {...controlProps(fields.margin, "margin-limits")}
          key={fields.margin.key}
          type="text"
          defaultValue={fields.margin.initialValue}
          inputMode="decimal"
          autoComplete="off"
        />
        <p id="margin-limits" className="hint">
          {t("ticket.limits", { min: money(settings.minMargin), max: money(settings.maxMargin) })}
        </p>
        <ErrorList id={fields.margin.errorId} errors={fields.margin.errors} />
      </div>

      <div className="contract-triggers">
        {(["takeProfit", "stopLoss"] as const).map((name) => (
          <div className="field" key={name}>
            <label htmlFor={fields[name].id}>
              <Filled
                text={t("ticket.optional_field")}
                slots={{
                  field: t(name === "takeProfit" ? "ticket.take_profit" : "ticket.stop_loss"),
                  optional: <span className="muted">{t("ticket.optional_mark")}</span>,
                }}
              />
            </label>
            <input
              {...controlProps(fields[name], "trigger-hint")}
              key={fields[name].key}
              type="text"
              defaultValue={fields[name].initialValue}
              inputMode="decimal"
              autoComplete="off"
            />
            <ErrorList id={fields[name].errorId} errors={fields[name].errors} />
          </div>
        ))}
        <p id="trigger-hint" className="hint">
          {t("ticket.price_hint", { pair: props.pairName, example })}
        </p>
      </div>

      <section className="contract-preview" aria-labelledby="preview-title" data-testid="ticket-preview">
        <h3 id="preview-title">{t("preview.title")}</h3>
        {preview ? (
          <dl>
            <div>
              <dt>{t("preview.entry")}</dt>
              <dd data-testid="preview-entry">{fmtPrice(preview.entryPrice)}</dd>
            </div>
            <div>
              <dt>{t("preview.notional")}</dt>
              <dd data-testid="preview-notional">{money(preview.notional)}</dd>
            </div>
            <div>
              <dt>{t("preview.open_fee")}</dt>
              <dd data-testid="preview-fee">{money(preview.openFee)}</dd>
            </div>
            <div>
              <dt>{t("preview.close_fee")}</dt>
              <dd data-testid="preview-close-fee">{money(preview.closeFee)}</dd>
            </div>
            <div>
              <dt>{t("preview.cost")}</dt>
              <dd data-testid="preview-cost">{money(preview.cost)}</dd>
            </div>
            <div className="contract-liq">
              <dt>{t("preview.liquidation")}</dt>
              <dd data-testid="preview-liquidation">{fmtPrice(preview.liquidationPrice)}</dd>
            </div>
            {preview.takeProfit ? (
              <div>
                <dt>
                  {t("preview.at_tp")} {fmtPrice(preview.takeProfit.price)}
                </dt>
                <dd data-testid="preview-tp">
                  {t("preview.pays", { payout: money(preview.takeProfit.payout), net: signed(preview.takeProfit.net) })}
                </dd>
              </div>
            ) : null}
            {preview.stopLoss ? (
              <div>
                <dt>
                  {t("preview.at_sl")} {fmtPrice(preview.stopLoss.price)}
                </dt>
                <dd data-testid="preview-sl">
                  {t("preview.pays", { payout: money(preview.stopLoss.payout), net: signed(preview.stopLoss.net) })}
                </dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <p className="muted">{t("preview.needs_margin")}</p>
        )}
        {hydrated && preview?.wrongSide.takeProfit ? (
          <p className="error-list">{t("messages:take_profit_wrong_side")}</p>
        ) : null}
        {hydrated && preview?.wrongSide.stopLoss ? (
          <p className="error-list">{t("messages:stop_loss_wrong_side")}</p>
        ) : null}
        <p className="hint">{t("preview.note")}</p>
        {/* the fees come on top of the margin: the most a position can cost is both, never more */}
        <p className="contract-risk" data-testid="preview-risk">
          {t("preview.risk")}
        </p>
        {/* without JavaScript the figures come from the server: this posts the ticket back as the address */}
        {hydrated ? null : (
          <button type="submit" name="intent" value="preview" className="button" formNoValidate>
            {t("ticket.update_preview")}
          </button>
        )}
      </section>

      <div className="bet-bar contract-bar" data-testid="ticket-bar">
        <ErrorList id={form.errorId} errors={barErrors} alert />
        <p className="bet-bar-status">
          <span>
            <Filled
              text={props.practice ? t("common:practice.wallet_value") : t("ticket.game_wallet_value")}
              slots={{
                amount: (
                  <strong data-testid="game-wallet">
                    {props.gameWallet ? <Money minor={props.gameWallet.balance} currency={currency} /> : "—"}
                  </strong>
                ),
              }}
            />
          </span>
          {!props.practice && (!props.gameWallet || props.gameWallet.balance === 0) ? (
            <Link to="/user/transfer">{t("ticket.transfer_link")}</Link>
          ) : null}
          {/* the liquidation price stays in sight on a phone, where the preview is below the fold */}
          {preview ? (
            <span>
              <Filled
                text={t("ticket.bar_liquidation")}
                slots={{ price: <strong className="contract-bar-liq">{fmtPrice(preview.liquidationPrice)}</strong> }}
              />
            </span>
          ) : null}
        </p>
        <OpenButton side={side}>{submitLabel}</OpenButton>
      </div>
    </Form>
  );
}

function OpenButton({ side, children }: { side: PositionSide; children: React.ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "open";
  return (
    <button
      type="submit"
      name="intent"
      value="open"
      className={`button contract-open contract-open-${side}`}
      aria-disabled={busy || undefined}
      data-testid="open-position"
    >
      {children}
    </button>
  );
}
