import { useTranslation } from "react-i18next";
import { Money } from "~/components/money";
import { formatOdds, formatPrice, type Order } from "~/utils/game";
import { categoryOf, formatTime } from "./format";

type Precision = (pair: string) => number;

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

/** Open orders and the ones that settled in the last minutes, newest first. */
export function CurrentOrders({ orders, currency, error }: { orders: Order[]; currency: string; error: string | null }) {
  const { t, i18n } = useTranslation("game");
  return (
    <section aria-labelledby="current-orders-title">
      <h2 id="current-orders-title">{t("tabs.current")}</h2>
      {error ? (
        <p role="alert" className="error-list">
          {t(error)}
        </p>
      ) : null}
      {orders.length === 0 ? (
        <p className="records-empty">{t("orders.none_current")}</p>
      ) : (
        <ul className="plain-list current-orders" data-testid="current-orders">
          {orders.map((o) => (
            <li key={o.id}>
              <strong>{t(`option.${o.option}`)}</strong> · <Money minor={o.amount} currency={currency} /> · ×
              {formatOdds(o.odds, i18n.language)} · {t("orders.period_short", { periodNo: o.periodNo })} · <OrderStatus order={o} currency={currency} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The order history table (spec: period, pair, bet rate, amount, category, content, odds, result, win/loss, times, currency). */
export function OrderHistory({ orders, currency, precisionOf }: { orders: Order[]; currency: string; precisionOf: Precision }) {
  const { t, i18n } = useTranslation("game");
  const lng = i18n.language;
  if (orders.length === 0) return <p className="records-empty">{t("orders.none_history")}</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="history-title">
      <table className="records-table" data-testid="order-history">
        <caption id="history-title" className="visually-hidden">
          {t("tabs.history")}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t("orders.period")}</th>
            <th scope="col">{t("orders.pair")}</th>
            <th scope="col">{t("orders.bet_rate")}</th>
            <th scope="col">{t("orders.amount")}</th>
            <th scope="col">{t("orders.category")}</th>
            <th scope="col">{t("orders.content")}</th>
            <th scope="col">{t("orders.odds")}</th>
            <th scope="col">{t("orders.result")}</th>
            <th scope="col">{t("orders.win_loss")}</th>
            <th scope="col">{t("orders.start")}</th>
            <th scope="col">{t("orders.end")}</th>
            <th scope="col">{t("orders.currency")}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => {
            const precision = precisionOf(o.pair);
            return (
              <tr key={o.id}>
                <td>{o.periodNo}</td>
                <td>{o.pair.replace("-", "/")}</td>
                <td>{formatPrice(o.priceAtBet, precision, lng)}</td>
                <td>
                  <Money minor={o.amount} currency={currency} />
                </td>
                <td>{t(`category.${categoryOf(o.option)}`)}</td>
                <td>{t(`option.${o.option}`)}</td>
                <td>×{formatOdds(o.odds, lng)}</td>
                <td>{o.closePrice === null ? "—" : t("orders.result_value", { close: formatPrice(o.closePrice, precision, lng), digit: o.lastDigit ?? "—" })}</td>
                <td>
                  <OrderStatus order={o} currency={currency} />
                </td>
                <td>{formatTime(o.startsAt, lng)}</td>
                <td>{formatTime(o.endsAt, lng)}</td>
                <td>{o.currency}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
