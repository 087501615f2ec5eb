import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/utils/translator";
import { Money } from "~/components/money";
import { formatOdds, formatPrice, type Order } from "~/utils/game";
import { formatMoney } from "~/utils/money";
import { categoryOf, formatTime } from "./format";
import { ScrollTable } from "../scroll-table";
import { dynamicKey } from "~/utils/translation-keys";

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
  const settlement = useSettlementAnnouncement(orders, currency);
  return (
    <section aria-labelledby="current-orders-title">
      <h2 id="current-orders-title">{t("tabs.current")}</h2>
      <p className="visually-hidden" aria-live="polite" data-testid="settlement-announcement">
        {settlement}
      </p>
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
              <strong>{t(`option.${o.option}`)}</strong> · <Money minor={o.amount} currency={currency} /> · ×
              {formatOdds(o.odds, i18n.language)} · {t("orders.period_short", { periodNo: o.periodNo })} ·{" "}
              <OrderStatus order={o} currency={currency} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * "Period …: Won · $1.95", said politely when an order the page showed as open settles (WCAG 4.1.3:
 * the list changes on its own, so a screen reader is told). Nothing is said for the first render.
 */
function useSettlementAnnouncement(orders: Order[], currency: string): string {
  const { t, i18n } = useTranslation("game");
  const open = useRef<Set<string> | null>(null);
  const [text, setText] = useState("");
  useEffect(() => {
    const settled = open.current ? orders.filter((o) => o.status !== "open" && open.current!.has(o.id)) : [];
    open.current = new Set(orders.filter((o) => o.status === "open").map((o) => o.id));
    if (settled.length === 0) return;
    const said = settled.map(
      (o) =>
        `${t("orders.period_short", { periodNo: o.periodNo })}: ${t(`option.${o.option}`)} · ${t(`status.${o.status}`)} · ${formatMoney(o.payout, currency, i18n.language)}`,
    );
    setText(said.join(". "));
  }, [orders, currency, t, i18n.language]);
  return text;
}

const HISTORY_COLUMNS = [
  "period",
  "pair",
  "bet_rate",
  "amount",
  "category",
  "content",
  "odds",
  "result",
  "win_loss",
  "start",
  "end",
  "currency",
] as const;

/** The order history table, its columns as app/README.md, "The game page" lists them. */
export function OrderHistory({ orders, currency, precisionOf }: { orders: Order[]; currency: string; precisionOf: Precision }) {
  const { t, i18n } = useTranslation("game");
  const lng = i18n.language;
  if (orders.length === 0) return <p className="records-empty">{t("orders.none_history")}</p>;
  return (
    <ScrollTable caption={t("tabs.history")} hideCaption testId="order-history" columns={HISTORY_COLUMNS.map((key) => t(`orders.${key}`))}>
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
            <td>
              {o.closePrice === null
                ? "—"
                : t("orders.result_value", { close: formatPrice(o.closePrice, precision, lng), digit: o.lastDigit ?? "—" })}
            </td>
            <td>
              <OrderStatus order={o} currency={currency} />
            </td>
            <td>{formatTime(o.startsAt, lng)}</td>
            <td>{formatTime(o.endsAt, lng)}</td>
            <td>{o.currency}</td>
          </tr>
        );
      })}
    </ScrollTable>
  );
}
