import { useTranslation } from "~/utils/translator";
import { formatMoney } from "~/utils/money";
import type { BetEntry } from "./use-bet-queue";

/**
 * The bet bar's line of bets sent from this page (app/README.md, "The game page"): each tap's
 * entry, newest first, "… Sending: High · $1.00", then "✓ Placed: High · $1.00" or "✗ Refused:
 * …" (the reason in the bar's alert). One line that scrolls sideways, so the bar keeps its height
 * however many bets are sent. Polite: a screen reader hears each change. Nothing at rest, so its
 * own module, loaded with React.lazy by bet-form.tsx after the first bet.
 */
export default function BetQueueView({ entries, currency }: { entries: BetEntry[]; currency: string }) {
  const { t, i18n } = useTranslation("game");
  return (
    <ul className="bet-queue" aria-label={t("bet.queue_label")} aria-live="polite" data-testid="bet-queue">
      {[...entries].reverse().map((entry) => {
        const values = {
          option: t(`option.${entry.option}`),
          amount: formatMoney(entry.amount, currency, i18n.language),
        };
        return (
          <li
            key={entry.id}
            className={`bet-entry bet-entry-${entry.state}`}
            data-state={entry.state}
            data-testid={entry.state === "placed" ? "bet-placed" : "bet-entry"}
          >
            {entry.state === "placed"
              ? `✓ ${t("bet.placed", values)}`
              : entry.state === "refused"
                ? `✗ ${t("bet.refused", values)}`
                : `… ${t("bet.pending", values)}`}
          </li>
        );
      })}
    </ul>
  );
}
