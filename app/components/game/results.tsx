import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/utils/translator";
import type { Order, Period } from "~/utils/game";
import { betResultWords } from "./bet-result";

/** How long a result stays if not closed: long enough to read after looking back at the screen. */
const SHOW_MS = 15_000;

/**
 * The results of the member's bets as they settle, one at a time and small: a bubble in the
 * chart's corner ("Won +US$4.75 · paid US$9.75", then the pair, option and period), never over
 * the price, the pair, the rounds or the bet controls, because a period settles exactly when the
 * next one opens and the member wants to read its open and bet again. The newest shows; the others
 * still in their 15 s are counted ("+2 more") and show in turn when it is closed. A screen reader
 * hears each result once, when it arrives, from one polite region that is always in the page
 * (WCAG 4.1.3): the bubble itself is not a live region, so one reappearing is not said again.
 */
export function SettlementResults({
  results,
  currency,
  ended,
  onDismiss,
  pairNameOf,
}: {
  /** newest first */
  results: Order[];
  currency: string;
  /** the pair's name as the site lists it (a synthetic pair's is no market's name: docs/decisions/032) */
  pairNameOf: (pair: string) => string;
  /** the period that just ended on the page's pair: when it is void, its refunds say so */
  ended: Period | null;
  onDismiss: (id: string) => void;
}) {
  const { t, i18n } = useTranslation("game");
  const describe = (order: Order) => {
    const words = betResultWords(t, order, currency, i18n.language);
    const voided =
      ended && ended.voidReason && ended.pair === order.pair && ended.periodNo === order.periodNo
        ? t("void_reason.short")
        : null;
    const meta = [
      pairNameOf(order.pair),
      t(`option.${order.option}`),
      t("orders.round_id", { periodNo: order.periodNo }),
    ];
    if (voided) meta.push(voided);
    return { words, meta: meta.join(t("common:join.facts")) };
  };
  useExpiry(results, onDismiss);
  const said = useArrivals(results, (order) => {
    const { words, meta } = describe(order);
    return `${words.text} · ${meta}`;
  });
  const shown = results[0];
  const more = results.length - 1;
  const described = shown ? describe(shown) : null;
  return (
    <div className="game-results" data-testid="settlement-results">
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {shown && described ? (
        <div className={`game-result result-${described.words.status}`} data-testid="settlement-result">
          <p>
            <strong className="game-result-words">{described.words.text}</strong>
            <span className="visually-hidden"> · </span>
            <span className="game-result-meta">{described.meta}</span>
          </p>
          {more > 0 ? (
            <span className="game-result-more" data-testid="settlement-more">
              {t("result.more", { count: more })}
            </span>
          ) : null}
          <button
            type="button"
            className="game-result-close"
            onClick={() => onDismiss(shown.id)}
            aria-label={t("result.dismiss")}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** Each result leaves SHOW_MS after it arrived, whether it was the one shown or counted. */
function useExpiry(results: Order[], onDismiss: (id: string) => void) {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const live = new Set(results.map((o) => o.id));
    for (const order of results) {
      if (!timers.current.has(order.id))
        timers.current.set(
          order.id,
          setTimeout(() => onDismiss(order.id), SHOW_MS),
        );
    }
    for (const [id, timer] of timers.current) {
      if (live.has(id)) continue;
      clearTimeout(timer);
      timers.current.delete(id);
    }
  }, [results, onDismiss]);
  useEffect(() => {
    const map = timers.current;
    return () => map.forEach((timer) => clearTimeout(timer));
  }, []);
}

/** The words of the results that arrived since the last render: each result is said once. */
function useArrivals(results: Order[], words: (order: Order) => string): string {
  const seen = useRef(new Set<string>());
  const [said, setSaid] = useState("");
  useEffect(() => {
    const fresh = results.filter((o) => !seen.current.has(o.id));
    if (fresh.length === 0) return;
    for (const o of fresh) seen.current.add(o.id);
    setSaid(fresh.map(words).join(". "));
    // said when new results arrive; the words of those already said do not matter
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [results]);
  return said;
}
