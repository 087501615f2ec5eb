import { ModeBadge } from "../practice";
import { useTranslation } from "~/utils/translator";
import { Money } from "~/components/money";
import { formatOdds, type Order } from "~/utils/game";
import { formatMoney } from "~/utils/money";
import { dynamicKey } from "~/utils/translation-keys";

/**
 * The Win/loss of an order: "Open", or the member's net result with the payout beside it ("Won
 * +$4.75 · payout $9.75", "Lost −$5.00 · payout $0.00", "Refunded $0.00 · payout $5.00"). The
 * platform pays floor(stake × odds) in all, stake included, so the payout alone read as a win
 * overstated it by the stake; members read this column as what they made or lost.
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
  const lng = i18n.language;
  const net = order.payout - order.amount;
  const signed = net === 0 ? formatMoney(0, currency, lng) : `${net > 0 ? "+" : "−"}${formatMoney(Math.abs(net), currency, lng)}`;
  return (
    <span className="status" data-testid="order-status">
      <strong className={`order-net order-${order.status}`}>{`${t(`status.${order.status}`)} ${signed}`}</strong>
      {` · ${t("orders.payout_beside", { amount: formatMoney(order.payout, currency, lng) })}`}
    </span>
  );
}

/**
 * Open orders, newest first, each naming its pair (a BTC bet on the ETH page is still a BTC bet).
 * A settled order leaves this list at once (its result shows in SettlementResults, then in the
 * history).
 */
export function CurrentOrders({ orders, currency, error, pairNameOf }: { orders: Order[]; currency: string; error: string | null; pairNameOf: (pair: string) => string }) {
  const { t, i18n } = useTranslation("game");
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
          {orders.map((o) => (
            <li key={o.id}>
              <span className="order-line">
                {o.mode === "practice" ? <ModeBadge mode="practice" /> : null} <strong>{t(`option.${o.option}`)}</strong> · <Money minor={o.amount} currency={currency} /> · ×{formatOdds(o.odds, i18n.language)}
              </span>
              <span className="order-line muted">
                <span data-testid="order-pair">{pairNameOf(o.pair)}</span> · {t("orders.period_short", { periodNo: o.periodNo })} ·{" "}
                <OrderStatus order={o} currency={currency} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

