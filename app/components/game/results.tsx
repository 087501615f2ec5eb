import { useEffect } from "react";
import { useTranslation } from "~/utils/translator";
import { formatMoney } from "~/utils/money";
import { pairName, type Order, type Period } from "~/utils/game";

/** How long a result stays if not closed: long enough to read after looking back at the screen. */
const SHOW_MS = 15_000;

/**
 * The results of the member's bets as they settle: "Won $19.50 · BTC/USDT · High · period …", fixed at the
 * top of the screen wherever the member has scrolled, stacked (newest first), each with a close
 * button. One polite status region (WCAG 4.1.3) that is always in the page, so a screen reader
 * hears each result as it is added.
 */
export function SettlementResults({
  results,
  currency,
  ended,
  onDismiss,
}: {
  results: Order[];
  currency: string;
  /** the period that just ended on the page's pair: when it is void, its refunds say so */
  ended: Period | null;
  onDismiss: (id: string) => void;
}) {
  const { t } = useTranslation("game");
  return (
    <div className="game-results" role="status" data-testid="settlement-results">
      {results.map((order) => (
        <Result
          key={order.id}
          order={order}
          currency={currency}
          onDismiss={onDismiss}
          label={t("result.dismiss")}
          void={
            ended && ended.voidReason && ended.pair === order.pair && ended.periodNo === order.periodNo
              ? t("void_reason.short")
              : null
          }
        />
      ))}
    </div>
  );
}

function Result({
  order,
  currency,
  onDismiss,
  label,
  void: voided,
}: {
  order: Order;
  currency: string;
  onDismiss: (id: string) => void;
  label: string;
  void: string | null;
}) {
  const text = useResultText(order, currency) + (voided ? ` · ${voided}` : "");
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(order.id), SHOW_MS);
    return () => clearTimeout(timer);
  }, [order.id, onDismiss]);
  return (
    <div className={`game-result result-${order.status}`} data-testid="settlement-result">
      <p>{text}</p>
      <button type="button" className="game-result-close" onClick={() => onDismiss(order.id)} aria-label={label}>
        ×
      </button>
    </div>
  );
}

/**
 * "Won $19.50 · BTC/USDT · High · period 202611270123": what came back (the payout; a loss names
 * the stake lost), and which bet: with two rounds on the page, the period says which one settled.
 */
export function useResultText(order: Order, currency: string): string {
  const { t, i18n } = useTranslation("game");
  const amount = formatMoney(order.status === "lost" ? order.amount : order.payout, currency, i18n.language);
  const head =
    order.status === "won"
      ? t("result.won", { amount })
      : order.status === "lost"
        ? t("result.lost", { amount })
        : t("result.refunded", { amount });
  return `${head} · ${pairName(order.pair)} · ${t(`option.${order.option}`)} · ${t("orders.period_short", { periodNo: order.periodNo })}`;
}
