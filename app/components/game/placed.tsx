import { useEffect, type MutableRefObject } from "react";
import { useTranslation } from "~/utils/translator";
import { formatMoney } from "~/utils/money";
import { useBetQueue, type BetEntry } from "./use-bet-queue";

/** What the bet form hands a complete tap to, once this module has loaded. */
export type BetQueueHandle = { add: (body: FormData, bet: Omit<BetEntry, "id" | "state" | "intent">) => boolean };

/**
 * The bet bar's queue and its line of bets sent from this page (app/README.md, "The game page"):
 * each tap's entry, newest first, "… Sending: High · $1.00", then "✓ Placed: High · $1.00" or
 * "✗ Refused: …" (the reason goes to the bar's alert through `onRefusal`). One line that scrolls
 * sideways, so the bar keeps its height however many bets are sent; polite, so a screen reader
 * hears each change. Its own module, loaded with React.lazy by bet-form.tsx as the page hydrates
 * (initial JS budget): until it has arrived, a tap posts the page as without JavaScript.
 */
export default function BetQueue({
  handle,
  pageKey,
  periodNo,
  currency,
  onRefusal,
}: {
  handle: MutableRefObject<BetQueueHandle | null>;
  pageKey: string;
  periodNo: string;
  currency: string;
  onRefusal: (message: string | undefined) => void;
}) {
  const { t, i18n } = useTranslation("game");
  const queue = useBetQueue(pageKey);
  useEffect(() => {
    handle.current = { add: queue.add };
    return () => {
      handle.current = null;
    };
  }, [handle, queue.add]);
  const entries = queue.forRound(periodNo);
  const last = entries.at(-1);
  const refusal = last?.state === "refused" ? last.error : undefined;
  useEffect(() => onRefusal(refusal), [refusal, onRefusal]);
  if (entries.length === 0) return null;
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
