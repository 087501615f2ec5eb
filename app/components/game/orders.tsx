import { ModeBadge } from "../mode-badge";
import { useTranslation } from "~/utils/translator";
import { Money } from "~/components/money";
import { formatOdds, type Order } from "~/utils/game";
import { dynamicKey } from "~/utils/translation-keys";
import { useEffect, useState } from "react";
import type { ServerClock } from "./use-live-market";
import { betResultWords } from "./bet-result";

/**
 * Where a bet's round stands at `now` (ms, the platform's clock): still taking bets or waiting to
 * start ("next": every bet is placed before its round starts), running ("live"), or ended and
 * being settled ("ended"). By the order's own times, so it holds for any pair's schedule.
 */
type RoundPhase = "next" | "live" | "ended";
function roundPhase(order: { startsAt: string; endsAt: string }, now: number): RoundPhase {
  if (now < Date.parse(order.startsAt)) return "next";
  return now < Date.parse(order.endsAt) ? "live" : "ended";
}

/**
 * The Win/loss of an order: "Open", or its result in the words every place uses (bet-result.ts):
 * the net result, coloured, with the payout beside it ("Won +$4.75 · paid $9.75", "Lost −$5.00",
 * "Refunded $5.00").
 */
export function OrderStatus({ order, currency }: { order: Order; currency: string }) {
  const { t, i18n } = useTranslation("game");
  if (order.status === "open") {
    return (
      <span className="status order-open" data-testid="order-status">
        {t("status.open")}
      </span>
    );
  }
  const words = betResultWords(t, order, currency, i18n.language);
  return (
    <span className="status" data-testid="order-status">
      <strong className={`order-net order-${words.status}`}>{words.head}</strong>
      {words.paid ? ` · ${words.paid}` : null}
    </span>
  );
}

/**
 * Open orders, newest first, each naming its pair (a BTC bet on the ETH page is still a BTC bet)
 * and its round: Next (not started: every bet is placed before its round starts), Live (running)
 * or Settling (ended, its settlement on the way), by the order's own times on the platform's clock,
 * so a bet moves from Next to Live when the game's cards do. A settled order leaves this list at
 * once (its result shows in SettlementResults, then in the history).
 */
export function CurrentOrders({
  orders,
  currency,
  error,
  pairNameOf,
  renderedAt,
  clock,
}: {
  orders: Order[];
  currency: string;
  error: string | null;
  pairNameOf: (pair: string) => string;
  renderedAt: string;
  clock: ServerClock;
}) {
  const { t, i18n } = useTranslation("game");
  // the server's render time first (the browser's first render is the server's HTML), then the
  // page's server clock each second; not countdown.tsx's hook, which would split the game's first
  // chunk for this lazy module (initial JS budget)
  const [now, setNow] = useState(() => Date.parse(renderedAt));
  useEffect(() => {
    setNow(clock.now());
    const timer = setInterval(() => setNow(clock.now()), 1_000);
    return () => clearInterval(timer);
  }, [clock]);
  return (
    <section aria-labelledby="current-orders-title">
      <h2 id="current-orders-title">{t("tabs.current")}</h2>
      {error ? (
        <p role="alert" className="error-list">
          {t(dynamicKey(error))}
        </p>
      ) : null}
      {orders.length === 0 ? (
        <p className="records-empty">{t("orders.none_current")}</p>
      ) : (
        <ul className="plain-list current-orders" data-testid="current-orders">
          {orders.map((o) => {
            const phase = roundPhase(o, now);
            return (
              <li key={o.id} data-round={phase}>
                <span className="order-line">
                  <span className={`round-badge round-badge-${phase}`} data-testid="order-round">
                    {t(`round.${phase}`)}
                  </span>{" "}
                  {o.mode === "practice" ? <ModeBadge mode="practice" /> : null}{" "}
                  <strong>{t(`option.${o.option}`)}</strong> · <Money minor={o.amount} currency={currency} /> · ×
                  {formatOdds(o.odds, i18n.language)}
                </span>
                <span className="order-line muted">
                  <span data-testid="order-pair">{pairNameOf(o.pair)}</span> ·{" "}
                  {t("orders.round_id", { periodNo: o.periodNo })} · <OrderStatus order={o} currency={currency} />
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
