import { ModeBadge } from "../mode-badge";
import { useTranslation } from "~/utils/translator";
import { Money } from "~/components/money";
import { formatOdds, formatPrice, type Order } from "~/utils/game";
import { categoryOf, formatTime } from "./format";
import { useTimeZone } from "~/utils/time-zone";
import { OrderStatus } from "./orders";
import { ScrollTable } from "../scroll-table";
import { GamePagination, type Pages } from "./pagination";
import { VerifyLink } from "./verify-link";

/**
 * The order history (the "history" section). Its own module, loaded with React.lazy by
 * game-page.tsx: only the section shown needs its code, so the game's first screen ships less.
 */

type Precision = (pair: string) => number;

// What a member looks for first comes first (the period, what was bet, how much, what it made or
// lost and when), so at 1280 px those are on screen without scrolling the table; the rest of the
// bet's record follows.
const HISTORY_COLUMNS = [
  "period",
  "content",
  "amount",
  "win_loss",
  "end",
  "result",
  "pair",
  "category",
  "bet_rate",
  "odds",
  "start",
  "currency",
] as const;

/** The history section: a page of orders, and the links to the other pages. */
export default function HistorySection({
  pages,
  ...props
}: {
  orders: Order[];
  currency: string;
  precisionOf: Precision;
  /** the pair's name as the site lists it (a synthetic pair's is no market's name: docs/decisions/032) */
  pairNameOf: (pair: string) => string;
  pages: Pages;
}) {
  return (
    <>
      <OrderHistory {...props} />
      <GamePagination {...pages} />
    </>
  );
}

/** The order history table, its columns as app/README.md, "The game page" lists them. */
function OrderHistory({
  orders,
  currency,
  precisionOf,
  pairNameOf,
}: {
  orders: Order[];
  currency: string;
  precisionOf: Precision;
  pairNameOf: (pair: string) => string;
}) {
  const { t, i18n } = useTranslation("game");
  const zone = useTimeZone();
  const lng = i18n.language;
  // a void period's bet reads as void with its reason where the result would be: no close to judge by
  // the platform writes why a bet's period was void when it settles it
  const voidOf = (o: Order) => o.voidReason;
  if (orders.length === 0) return <p className="records-empty">{t("orders.none_history")}</p>;
  // Two renderings of the same orders, one shown by the stylesheet: cards on a phone (the result
  // first, four facts, no sideways scrolling), the full table from the wide layout up. A table
  // restyled into cards loses its row and column semantics in some screen readers; a display:none
  // rendering is out of the accessibility tree, so each reader meets one list.
  return (
    <>
      <ul className="order-cards narrow-only" data-testid="order-cards">
        {orders.map((o) => {
          const precision = precisionOf(o.pair);
          return (
            <li key={o.id} className="order-card">
              <p className="order-card-head">
                {o.mode === "practice" ? <ModeBadge mode="practice" /> : null}{" "}
                <OrderStatus order={o} currency={currency} /> · {t(`option.${o.option}`)} ·{" "}
                <Money minor={o.amount} currency={currency} />
              </p>
              <p className="order-card-facts" data-void={voidOf(o) ?? undefined}>
                {voidOf(o)
                  ? t(`void_reason.${voidOf(o)!}`)
                  : o.closePrice === null
                    ? t("orders.bet_at", { price: formatPrice(o.priceAtBet, precision, lng) })
                    : t("orders.card_result", {
                        close: formatPrice(o.closePrice, precision, lng),
                        digit: o.lastDigit ?? "—",
                      })}
              </p>
              <p className="order-card-meta muted">
                {pairNameOf(o.pair)} · {t("orders.round_id", { periodNo: o.periodNo })} ·{" "}
                {formatTime(o.endsAt, lng, zone)}
                {o.status === "open" ? null : (
                  <>
                    {" "}
                    <VerifyLink pair={o.pair} periodNo={o.periodNo} />
                  </>
                )}
              </p>
            </li>
          );
        })}
      </ul>
      <div className="wide-only">
        <ScrollTable
          caption={t("tabs.history")}
          hideCaption
          testId="order-history"
          columns={HISTORY_COLUMNS.map((key) => t(`orders.${key}`))}
        >
          {orders.map((o) => {
            const precision = precisionOf(o.pair);
            return (
              <tr key={o.id}>
                <td>
                  {o.periodNo}
                  {o.status === "open" ? null : (
                    <>
                      {" "}
                      <VerifyLink pair={o.pair} periodNo={o.periodNo} />
                    </>
                  )}
                </td>
                <td>
                  {o.mode === "practice" ? <ModeBadge mode="practice" /> : null} {t(`option.${o.option}`)}
                </td>
                <td>
                  <Money minor={o.amount} currency={currency} />
                </td>
                <td className="history-win-loss">
                  <OrderStatus order={o} currency={currency} />
                </td>
                <td>{formatTime(o.endsAt, lng, zone)}</td>
                <td data-void={voidOf(o) ?? undefined}>
                  {voidOf(o)
                    ? t(`void_reason.${voidOf(o)!}`)
                    : o.closePrice === null
                      ? "—"
                      : t("orders.result_value", {
                          close: formatPrice(o.closePrice, precision, lng),
                          digit: o.lastDigit ?? "—",
                        })}
                </td>
                <td>{pairNameOf(o.pair)}</td>
                <td>{t(`category.${categoryOf(o.option)}`)}</td>
                <td>{formatPrice(o.priceAtBet, precision, lng)}</td>
                <td>×{formatOdds(o.odds, lng)}</td>
                <td>{formatTime(o.startsAt, lng, zone)}</td>
                <td>{o.currency}</td>
              </tr>
            );
          })}
        </ScrollTable>
      </div>
    </>
  );
}
