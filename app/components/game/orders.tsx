import { useTranslation } from "~/utils/translator";
import { Money } from "~/components/money";
import { formatOdds, type Order } from "~/utils/game";
import { dynamicKey } from "~/utils/translation-keys";

export function OrderStatus({ order, currency }: { order: Order; currency: string }) {
  const { t } = useTranslation("game");
  return (
    <span className={`status order-${order.status}`} data-testid="order-status">
      {t(`status.${order.status}`)}
      {order.status === "open" ? null : (
        <>
          {" · "}
          <Money minor={order.payout} currency={currency} />
        </>
      )}
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
                <strong>{t(`option.${o.option}`)}</strong> · <Money minor={o.amount} currency={currency} /> · ×{formatOdds(o.odds, i18n.language)}
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

