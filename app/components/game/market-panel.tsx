import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/utils/translator";
import { formatPrice, lastDigitOf, trendOf, type Period } from "~/utils/game";
import { CountdownBar } from "./countdown";
import type { ServerClock } from "./use-live-market";

interface Props {
  pairName: string;
  precision: number;
  price: number | null;
  current: Period;
  ended: Period | null;
  serverTime: string;
  connected: boolean;
  clock: ServerClock;
}

/**
 * The live price, the period and its two countdowns. Neither the ticking price nor the countdowns
 * are live regions; one polite region says, once a period, how the last one closed and that the
 * next has started.
 */
export function MarketPanel({ pairName, precision, price, current, ended, serverTime, connected, clock }: Props) {
  const { t, i18n } = useTranslation("game");
  const fmt = (p: number | null) => formatPrice(p, precision, i18n.language);
  const announcement = usePeriodAnnouncement(current.periodNo, ended, fmt);
  const digit = lastDigitOf(price);
  // coloured against the period's open, with an arrow and words: never colour alone (WCAG 1.4.1)
  const trend = trendOf(price, current.openPrice);
  const change = price !== null && current.openPrice !== null ? price - current.openPrice : null;
  return (
    <section className="card game-market" aria-labelledby="game-market-title">
      <div className="game-market-head">
        <h2 id="game-market-title">{pairName}</h2>
        <span className={`live-dot${connected ? " live-dot-on" : ""}`}>{connected ? t("market.live") : t("market.not_live")}</span>
      </div>
      <div className={`game-quote trend-${trend}`}>
        <span className="trend-arrow" aria-hidden="true">
          {trend === "up" ? "▲" : trend === "down" ? "▼" : "■"}
        </span>
        <p className="game-price" data-testid="game-price">
          <span className="visually-hidden">{t("market.price")} </span>
          {fmt(price)}
        </p>
        {change === null ? null : (
          <p className="game-change" data-testid="price-trend">
            {change > 0 ? "+" : change < 0 ? "−" : "±"}
            {fmt(Math.abs(change))} <span className="game-trend-words">{t(`market.trend_${trend}`)}</span>
          </p>
        )}
      </div>
      <dl className="game-facts game-stats">
        <div>
          <dt>{t("market.period")}</dt>
          <dd data-testid="period-no">{current.periodNo}</dd>
        </div>
        <div>
          <dt>{t("market.open_price")}</dt>
          <dd data-testid="open-price">{fmt(current.openPrice)}</dd>
        </div>
        <div>
          <dt>{t("market.last_digit")}</dt>
          <dd data-testid="last-digit">{digit ?? "—"}</dd>
        </div>
      </dl>
      <dl className="game-facts game-timers">
        <div className="game-timer" data-testid="cutoff-timer">
          <dt>{t("market.cutoff_in")}</dt>
          <dd>
            <CountdownBar from={current.startsAt} to={current.cutoffAt} renderedAt={serverTime} clock={clock} doneText={t("market.betting_closed")} />
          </dd>
        </div>
        <div className="game-timer" data-testid="end-timer" data-ends-at={current.endsAt}>
          <dt>{t("market.ends_in")}</dt>
          <dd>
            <CountdownBar from={current.startsAt} to={current.endsAt} renderedAt={serverTime} clock={clock} />
          </dd>
        </div>
      </dl>
      {ended ? (
        <p className="muted" data-testid="last-result">
          {t("market.last_result", { periodNo: ended.periodNo, close: fmt(ended.closePrice), digit: ended.lastDigit ?? "—" })}
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="polite" data-testid="market-announcement">
        {announcement}
      </p>
    </section>
  );
}

/** "Period … closed at …. Period … has started.", said once when the period changes (not on the first render). */
function usePeriodAnnouncement(periodNo: string, ended: Period | null, fmt: (price: number | null) => string): string {
  const { t } = useTranslation("game");
  const first = useRef(periodNo);
  const [text, setText] = useState("");
  useEffect(() => {
    if (periodNo === first.current) return;
    const closed =
      ended && ended.periodNo !== periodNo
        ? `${t("market.last_result", { periodNo: ended.periodNo, close: fmt(ended.closePrice), digit: ended.lastDigit ?? "—" })} `
        : "";
    setText(`${closed}${t("market.period_started", { periodNo })}`);
    // said when the period changes; the ended period arrives in the same message
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [periodNo]);
  return text;
}
