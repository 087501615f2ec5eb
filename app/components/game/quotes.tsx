import { useTranslation } from "~/utils/translator";
import { formatPrice, type Period } from "~/utils/game";
import { BET_OPTIONS } from "#rules/bet-options";
import { ScrollTable } from "../scroll-table";
import { formatTime } from "./format";
import { useTimeZone } from "~/utils/time-zone";
import { GamePagination, type Pages } from "./pagination";
import { VerifyLink } from "./verify-link";

/**
 * Historical quotes: each ended period's open, close, last digit and the outcome of every option.
 * Like the order history, cards on a phone (open → close, the last digit, the options that won)
 * and the full table from the wide layout up, one of the two shown by the stylesheet. A void
 * period says so with its reason in place of the outcomes: every bet on it was refunded, so no
 * option won and none is coloured as a winner.
 */
export default function QuotesSection({ pages, ...props }: { periods: Period[]; precision: number; pages: Pages }) {
  return (
    <>
      <QuotesTable {...props} />
      <GamePagination {...pages} />
    </>
  );
}

function QuotesTable({ periods, precision }: { periods: Period[]; precision: number }) {
  const { t, i18n } = useTranslation("game");
  const zone = useTimeZone();
  const lng = i18n.language;
  if (periods.length === 0) return <p className="records-empty">{t("quotes.none")}</p>;
  return (
    <>
      <p className="link-line">
        <a href="/fairness">{t("quotes.fairness_link")}</a>
      </p>
      <ul className="order-cards narrow-only" data-testid="quote-cards">
        {periods.map((p) => {
          const won = BET_OPTIONS.filter((o) => p.outcomes?.[o] === "win").map((o) => t(`option.${o}`));
          return (
            <li key={p.periodNo} className="order-card">
              <p className="order-card-head">
                <strong>{t("orders.round_id", { periodNo: p.periodNo })}</strong> · {formatTime(p.endsAt, lng, zone)}{" "}
                <VerifyLink pair={p.pair} periodNo={p.periodNo} />
              </p>
              <p className="order-card-facts">
                {t("quotes.card_move", {
                  open: formatPrice(p.openPrice, precision, lng),
                  close: formatPrice(p.closePrice, precision, lng),
                  digit: p.lastDigit ?? "—",
                })}
              </p>
              {p.voidReason ? (
                <p className="order-card-meta quote-void" data-testid="quote-void">
                  {t(`void_reason.${p.voidReason}`)}
                </p>
              ) : (
                <p className="order-card-meta">
                  {t("quotes.card_wins", { options: won.length ? won.join(t("common:join.items")) : "—" })}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <div className="wide-only">
        <ScrollTable
          caption={t("tabs.quotes")}
          hideCaption
          testId="quotes"
          columns={[
            t("orders.period"),
            t("orders.end"),
            t("quotes.open"),
            t("quotes.close"),
            t("market.last_digit"),
            ...BET_OPTIONS.map((o) => t(`option.${o}`)),
          ]}
        >
          {periods.map((p) => (
            <tr key={p.periodNo}>
              <th scope="row">
                {p.periodNo} <VerifyLink pair={p.pair} periodNo={p.periodNo} />
                {/* said where the row starts too: the reason's cell may be scrolled out of a narrow table */}
                {p.voidReason ? <span className="void-badge">{t("void_reason.short")}</span> : null}
              </th>
              <td>{formatTime(p.endsAt, lng, zone)}</td>
              <td>{formatPrice(p.openPrice, precision, lng)}</td>
              <td>{formatPrice(p.closePrice, precision, lng)}</td>
              <td>{p.lastDigit ?? "—"}</td>
              {p.voidReason ? (
                <td colSpan={BET_OPTIONS.length} className="quote-void" data-testid="quote-void">
                  {t(`void_reason.${p.voidReason}`)}
                </td>
              ) : (
                BET_OPTIONS.map((o) => {
                  const outcome = p.outcomes?.[o];
                  return (
                    <td key={o} className={outcome ? `outcome-${outcome}` : undefined}>
                      {outcome ? t(`outcome.${outcome}`) : "—"}
                    </td>
                  );
                })
              )}
            </tr>
          ))}
        </ScrollTable>
      </div>
    </>
  );
}
