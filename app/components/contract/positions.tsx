import { ModeBadge } from "../mode-badge";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { CsrfInput } from "~/components/csrf-input";
import { ModeInput } from "~/components/mode-input";
import { IdempotencyInput, Money } from "~/components/money";
import { contractHref, formatBp, markOf, priceInput, type ContractQuery, type Position } from "~/utils/contract";
import type { contractAction } from "~/utils/contract.server";
import { formatPrice, pairName } from "~/utils/game";
import { formatMoney } from "~/utils/money";
import { formatTime } from "../game/format";

type Pairs = { symbol: string; name: string; precision: number }[];

/**
 * The member's open positions, live: one card each (a row of figures that reads as Binance's
 * positions table from 1026 px, cards stacked on a phone), with mark, unrealized PnL in money and
 * %, equity, distance to liquidation, a TP/SL form and "Close at market". Both are plain forms: the
 * page works the same without JavaScript (post/redirect/get with a toast).
 */
export function OpenPositions(props: {
  positions: Position[];
  marks: Record<string, number | null>;
  pairs: Pairs;
  currency: string;
  query: ContractQuery;
  selectedId: string | null;
  closeKeys: Record<string, string>;
}) {
  const { t } = useTranslation("contract");
  if (props.positions.length === 0) return <p className="muted">{t("positions.none_open")}</p>;
  return (
    <ul className="position-list" data-testid="open-positions">
      {props.positions.map((p) => (
        <OpenPosition key={p.id} position={p} {...props} />
      ))}
    </ul>
  );
}

function OpenPosition({
  position: p,
  marks,
  pairs,
  currency,
  query,
  selectedId,
  closeKeys,
}: {
  position: Position;
  marks: Record<string, number | null>;
  pairs: Pairs;
  currency: string;
  query: ContractQuery;
  selectedId: string | null;
  closeKeys: Record<string, string>;
}) {
  const { t, i18n } = useTranslation("contract");
  const lng = i18n.language;
  const actionData = useActionData<typeof contractAction>();
  const navigation = useNavigation();
  const pair = pairs.find((x) => x.symbol === p.pair);
  const precision = pair?.precision ?? 2;
  const name = pair?.name ?? pairName(p.pair);
  const price = (v: number | null) => formatPrice(v, precision, lng);
  const live = markOf(p, marks[p.pair] ?? null);
  const error = actionData && "positionId" in actionData && actionData.positionId === p.id ? actionData.error : null;
  const busy = navigation.state === "submitting" && navigation.formData?.get("positionId") === p.id;
  const tone = live ? (live.pnl > 0 ? "gain" : live.pnl < 0 ? "loss" : "flat") : "flat";
  const titleId = `position-${p.id}`;
  return (
    <li
      className={`card position-card position-${p.side}`}
      data-testid="open-card"
      data-position-id={p.id}
      aria-labelledby={titleId}
    >
      <div className="position-head">
        <h3 id={titleId}>
          {name} <span className={`side-pill side-${p.side}`}>{t(`ticket.${p.side}`)}</span> {p.leverage}×
          {p.mode === "practice" ? (
            <>
              {" "}
              <ModeBadge mode="practice" />
            </>
          ) : null}
        </h3>
        {p.pair === query.pair && p.id === selectedId ? (
          <span className="muted">{t("positions.on_chart")}</span>
        ) : (
          <Link
            to={contractHref({ ...query, pair: p.pair, selected: p.id })}
            preventScrollReset
            className="position-chart-link"
          >
            {t("positions.show_on_chart")}
          </Link>
        )}
      </div>
      <dl className="position-facts">
        <div className={`position-pnl pnl-${tone}`}>
          <dt>{t("positions.pnl")}</dt>
          <dd data-testid="position-pnl">
            {live ? (
              <>
                {live.pnl > 0 ? "+" : ""}
                {formatMoney(live.pnl, currency, lng)}{" "}
                <span className="position-pct">({formatBp(live.pnlBp, lng)})</span>
              </>
            ) : (
              "—"
            )}
          </dd>
        </div>
        <div>
          <dt>{t("positions.size")}</dt>
          <dd>
            <Money minor={p.notional} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>{t("positions.margin")}</dt>
          <dd>
            <Money minor={p.margin} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>{t("positions.equity")}</dt>
          <dd>{live ? <Money minor={live.equity} currency={currency} /> : "—"}</dd>
        </div>
        <div>
          <dt>{t("positions.entry")}</dt>
          <dd>{price(p.entryPrice)}</dd>
        </div>
        <div>
          <dt>{t("positions.mark")}</dt>
          <dd data-testid="position-mark">{price(live?.mark ?? null)}</dd>
        </div>
        <div>
          <dt>{t("positions.liquidation")}</dt>
          <dd className="liq">{price(p.liquidationPrice)}</dd>
        </div>
        <div>
          <dt>{t("positions.distance")}</dt>
          <dd>{live ? formatBp(live.distanceBp, lng, false) : "—"}</dd>
        </div>
      </dl>
      <div className="position-actions">
        <Form
          method="post"
          preventScrollReset
          className="position-triggers"
          aria-label={`${t("positions.triggers")} · ${name}`}
        >
          <CsrfInput />
          <ModeInput />
          <input type="hidden" name="intent" value="triggers" />
          <input type="hidden" name="positionId" value={p.id} />
          <input type="hidden" name="pair" value={p.pair} />
          <div className="field">
            <label htmlFor={`${p.id}-tp`}>{t("positions.tp")}</label>
            <input
              id={`${p.id}-tp`}
              name="takeProfit"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={priceInput(p.takeProfit, precision)}
              key={`tp-${p.takeProfit}`}
            />
          </div>
          <div className="field">
            <label htmlFor={`${p.id}-sl`}>{t("positions.sl")}</label>
            <input
              id={`${p.id}-sl`}
              name="stopLoss"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={priceInput(p.stopLoss, precision)}
              key={`sl-${p.stopLoss}`}
            />
          </div>
          <button type="submit" className="button" aria-disabled={busy || undefined} data-testid="save-triggers">
            {t("positions.save")}
          </button>
        </Form>
        <Form method="post" preventScrollReset className="position-close">
          <CsrfInput />
          <IdempotencyInput
            value={
              (actionData && "idempotencyKey" in actionData && error ? actionData.idempotencyKey : null) ??
              closeKeys[p.id] ??
              ""
            }
          />
          <ModeInput />
          <input type="hidden" name="intent" value="close" />
          <input type="hidden" name="positionId" value={p.id} />
          <button
            type="submit"
            className="button button-primary"
            aria-disabled={busy || undefined}
            data-testid="close-position"
          >
            {t("positions.close")}
          </button>
        </Form>
      </div>
      {error ? (
        <p role="alert" className="error-list">
          {t(error as never)}
        </p>
      ) : null}
    </li>
  );
}

/**
 * Closed positions, newest first, paged: entry → close, why it closed, fees (open + close), the
 * payout and the net result, and when. Cards at every width (each a row from 1026 px).
 */
export function ClosedPositions({
  positions,
  pairs,
  currency,
}: {
  positions: Position[];
  pairs: Pairs;
  currency: string;
}) {
  const { t, i18n } = useTranslation("contract");
  const lng = i18n.language;
  if (positions.length === 0) return <p className="muted">{t("positions.none_closed")}</p>;
  return (
    <ul className="position-list" data-testid="closed-positions">
      {positions.map((p) => {
        const pair = pairs.find((x) => x.symbol === p.pair);
        const precision = pair?.precision ?? 2;
        const net = p.net ?? 0;
        return (
          <li
            key={p.id}
            className={`card position-card position-closed position-${p.side}`}
            data-testid="closed-position"
            data-position-id={p.id}
          >
            <div className="position-head">
              <h3>
                {pair?.name ?? pairName(p.pair)}{" "}
                <span className={`side-pill side-${p.side}`}>{t(`ticket.${p.side}`)}</span> {p.leverage}×
                {p.mode === "practice" ? (
                  <>
                    {" "}
                    <ModeBadge mode="practice" />
                  </>
                ) : null}
              </h3>
              <span className={`reason-pill reason-${p.closeReason ?? "member"}`} data-testid="close-reason">
                {t(`reason.${p.closeReason ?? "member"}`)}
              </span>
            </div>
            <dl className="position-facts">
              <div className={`position-pnl pnl-${net > 0 ? "gain" : net < 0 ? "loss" : "flat"}`}>
                <dt>{t("positions.net")}</dt>
                <dd data-testid="position-net">
                  {net > 0 ? "+" : ""}
                  {formatMoney(net, currency, lng)}
                </dd>
              </div>
              <div>
                <dt>{t("positions.entry")}</dt>
                <dd>{formatPrice(p.entryPrice, precision, lng)}</dd>
              </div>
              <div>
                <dt>{t("positions.close_price")}</dt>
                <dd>{formatPrice(p.closePrice, precision, lng)}</dd>
              </div>
              <div>
                <dt>{t("positions.margin")}</dt>
                <dd>
                  <Money minor={p.margin} currency={currency} />
                </dd>
              </div>
              <div>
                <dt>{t("positions.fees")}</dt>
                <dd>
                  <Money minor={p.openFee + (p.closeFee ?? 0)} currency={currency} />
                </dd>
              </div>
              <div>
                <dt>{t("positions.payout")}</dt>
                <dd>{p.payout === null ? "—" : <Money minor={p.payout} currency={currency} />}</dd>
              </div>
              <div>
                <dt>{t("positions.opened")}</dt>
                <dd>
                  <Time iso={p.openedAt} />
                </dd>
              </div>
              <div>
                <dt>{t("positions.closed_at")}</dt>
                <dd>
                  <Time iso={p.closedAt} />
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

/** UTC, as every time on the game pages (app/README.md, "i18n"). */
function Time({ iso }: { iso: string | null }) {
  const { i18n } = useTranslation();
  return iso ? <time dateTime={iso}>{formatTime(iso, i18n.language)} UTC</time> : <>—</>;
}
