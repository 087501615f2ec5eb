import { useEffect } from "react";
import { useTranslation } from "~/utils/translator";
import { formatMoney } from "~/utils/money";
import { pairName, type Order } from "~/utils/game";

/** How long a result stays if not closed: long enough to read after looking back at the screen. */
const SHOW_MS = 15_000;

/**
 * The results of the member's bets as they settle: "Won $19.50 · BTC/USDT · High", fixed at the
 * top of the screen wherever the member has scrolled, stacked (newest first), each with a close
 * button. One polite status region (WCAG 4.1.3) that is always in the page, so a screen reader
 * hears each result as it is added.
 */
export function SettlementResults({ results, currency, onDismiss }: { results: Order[]; currency: string; onDismiss: (id: string) => void }) {
  const { t } = useTranslation("game");
  return (
    <div className="game-results" role="status" data-testid="settlement-results">
      {results.map((order) => (
        <Result key={order.id} order={order} currency={currency} onDismiss={onDismiss} label={t("result.dismiss")} />
      ))}
    </div>
  );
}

function Result({ order, currency, onDismiss, label }: { order: Order; currency: string; onDismiss: (id: string) => void; label: string }) {
  const text = useResultText(order, currency);
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

/** "Won $19.50 · BTC/USDT · High": what came back (the payout; a loss names the stake lost). */
export function useResultText(order: Order, currency: string): string {
  const { t, i18n } = useTranslation("game");
  const amount = formatMoney(order.status === "lost" ? order.amount : order.payout, currency, i18n.language);
  const head = order.status === "won" ? t("result.won", { amount }) : order.status === "lost" ? t("result.lost", { amount }) : t("result.refunded", { amount });
  return `${head} · ${pairName(order.pair)} · ${t(`option.${order.option}`)}`;
}
