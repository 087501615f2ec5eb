import { Suspense } from "react";
import { lazyPiece } from "~/utils/lazy-piece";
import { useTranslation } from "~/utils/translator";
import { formatPrice, trendOf, type Order, type Period } from "~/utils/game";
import { lastDigit } from "#rules/outcomes";
import { formatMoney } from "~/utils/money";
import { useServerNow } from "./countdown";
import { RoundHead } from "./round-head";
import type { ServerClock } from "./use-live-market";

// the last period's line and the live region: rendered by the server, their code loaded after the page's
const PeriodNews = lazyPiece("app/components/game/period-news.tsx", () => import("./period-news"));

interface Props {
  pairName: string;
  precision: number;
  price: number | null;
  /** the Live round: running, its open known, taking no bets */
  current: Period;
  ended: Period | null;
  /** the member's bets on the Live round */
  bets: Order[];
  currency: string;
  serverTime: string;
  connected: boolean;
  /** the platform refused the stream for a limit (too many open): said, not only shown as not live */
  refused?: boolean;
  /** the stream closed or did not open in time (use-socket.ts): only then does the page say "Not live" */
  down?: boolean;
  clock: ServerClock;
}

/**
 * The Live round (app/README.md, "The game page"): its number, the price now against its open
 * (coloured by the member's up/down, with an arrow and words), the open and last digit, the time to
 * its end and the member's bets in it. Bets are taken on the Next round (the bet form), never on
 * this one: its open is known. Neither the ticking price nor the countdown is a live region; one
 * polite region (period-news.tsx) says, once a period, how the last one closed and that the next
 * is live.
 */
export function MarketPanel({
  pairName,
  precision,
  price,
  current,
  ended,
  bets,
  currency,
  serverTime,
  connected,
  refused = false,
  down = false,
  clock,
}: Props) {
  const { t, i18n } = useTranslation("game");
  const fmt = (p: number | null) => formatPrice(p, precision, i18n.language);
  const now = useServerNow(serverTime, clock);
  const digit = price === null ? null : lastDigit(price);
  // coloured against the period's open, with an arrow and words: never colour alone (WCAG 1.4.1)
  const trend = trendOf(price, current.openPrice);
  const change = price !== null && current.openPrice !== null ? price - current.openPrice : null;
  const betList = bets
    .map((b) => `${t(`option.${b.option}`)} ${formatMoney(b.amount, currency, i18n.language)}`)
    .join(t("common:join.facts"));
  return (
    <section
      // "Not live" takes a line: shown without JavaScript and once the stream is down, never while it
      // connects, so the page does not move up as the stream opens (game.css, CLS)
      className={`card game-market${connected ? " game-market-streaming" : ""}${down ? " game-market-down" : ""}`}
      aria-labelledby="game-market-title"
    >
      <div className="game-market-head">
        <h2 id="game-market-title">{pairName}</h2>
        <span className={`live-dot${connected ? " live-dot-on" : ""}`}>
          {connected ? t("market.live") : t("market.not_live")}
        </span>
      </div>
      {refused && !connected ? <p className="error-list">{t("messages:too_many_streams")}</p> : null}
      <RoundHead
        round="live"
        periodNo={current.periodNo}
        label={t("market.ends_in")}
        from={current.startsAt}
        to={current.endsAt}
        now={now}
        timer={{ "data-testid": "end-timer", "data-ends-at": current.endsAt }}
      />
      <div className={`game-quote trend-${trend}`}>
        <span className="trend-arrow" aria-hidden="true">
          {trend === "up" ? "▲" : trend === "down" ? "▼" : "■"}
        </span>
        <p className="game-price" data-testid="game-price">
          <span className="visually-hidden">{t("market.price")} </span>
          {fmt(price)}
        </p>
        {/* always there, empty until the round has an open: the bet form below never moves (CLS) */}
        <p className="game-change" data-testid="price-trend">
          {change === null ? (
            "\u00a0"
          ) : (
            <>
              {change > 0 ? "+" : change < 0 ? "−" : "±"}
              {fmt(Math.abs(change))} <span className="game-trend-words">{t(`market.trend_${trend}`)}</span>
            </>
          )}
        </p>
      </div>
      <dl className="game-facts game-stats">
        <div>
          <dt>{t("market.open_price")}</dt>
          <dd data-testid="open-price">{fmt(current.openPrice)}</dd>
        </div>
        <div>
          <dt>{t("market.last_digit")}</dt>
          <dd data-testid="last-digit">{digit ?? "—"}</dd>
        </div>
        <div className="round-bets">
          <dt>{t("round.your_bets")}</dt>
          <dd data-testid="live-bets">{betList || t("round.no_bets")}</dd>
        </div>
      </dl>
      <Suspense fallback={null}>
        <PeriodNews periodNo={current.periodNo} ended={ended} precision={precision} />
      </Suspense>
    </section>
  );
}
