import type { TFunction } from "../../utils/translator";
import { formatMoney } from "../../utils/money";
import type { Order } from "../../utils/game";

/** A settled bet's words: the net result first, then what was paid when something was. */
export interface BetResultWords {
  /** "won", "lost" or "refunded": the colour the words take */
  status: "won" | "lost" | "refunded";
  /** "Won +US$4.75", "Lost −US$5.00", "Refunded US$5.00" */
  head: string;
  /** "paid US$9.75" beside a result that paid more than a refund; null otherwise */
  paid: string | null;
  /** head and paid as one line: "Won +US$4.75 · paid US$9.75" */
  text: string;
}

/**
 * The one way a bet's result is worded wherever it shows (the result on the game page, the game
 * history, current orders): what the member made or lost first, then the payout beside it. The
 * platform pays floor(stake × odds) in all, stake included, so the payout alone read as a win
 * overstated it by the stake, and a loss that named the stake read like a payout.
 */
export function betResultWords(
  t: TFunction<"game">,
  order: Pick<Order, "status" | "amount" | "payout">,
  currency: string,
  locale: string,
): BetResultWords {
  const money = (minor: number) => formatMoney(minor, currency, locale);
  if (order.status === "refunded" || order.status === "open") {
    const head = t("result.refunded", { amount: money(order.payout) });
    return { status: "refunded", head, paid: null, text: head };
  }
  const net = order.payout - order.amount;
  // U+2212 for a loss, as the prices' change is written; a zero has no sign
  const signed = net === 0 ? money(0) : `${net > 0 ? "+" : "−"}${money(Math.abs(net))}`;
  const head = t(order.status === "won" ? "result.won" : "result.lost", { amount: signed });
  const paid = order.payout > 0 ? t("result.paid", { amount: money(order.payout) }) : null;
  return { status: order.status, head, paid, text: paid ? `${head} · ${paid}` : head };
}
