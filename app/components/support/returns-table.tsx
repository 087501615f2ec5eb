import type { PairReturns } from "../../../server/contract";
import { useTimeZone } from "~/utils/time-zone";
import { numberFormat } from "~/utils/intl";
import { formatDateTime } from "~/utils/date-time";
import { formatOdds, formatPrice } from "~/utils/game";
import { useTranslation } from "~/utils/translator";

/**
 * Return to player per pair of the site (server/platform/README.md, "Return to player"): a table
 * per pair, three columns so it fits a 360 px phone: the option with its odds, its chances of a win,
 * a refund and a loss, and its return with the house edge. The figures are the platform's.
 */

const percent = (locale: string, value: number, digits: number) =>
  numberFormat(locale, { style: "percent", minimumSignificantDigits: digits, maximumSignificantDigits: digits }).format(
    value,
  );

function PairTable({ table }: { table: PairReturns }) {
  const { t, i18n } = useTranslation("support");
  const zone = useTimeZone();
  const { t: tg } = useTranslation("game");
  const locale = i18n.language;
  // a chance that is exactly 0 (a digit option's refund) reads better as 0 % than as 0.000 %
  const chance = (p: number) =>
    p === 0 ? numberFormat(locale, { style: "percent" }).format(0) : percent(locale, p, 4);
  return (
    <div className="returns-pair">
      <h3>{table.name}</h3>
      <p className="returns-params">
        {t("returns.pair_params", {
          price: formatPrice(table.price, table.precision, locale),
          time: formatDateTime(table.priceAt, locale, zone),
          volatility: numberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(
            table.volatilityBp / 10_000,
          ),
          period: table.periodSeconds,
          cutoff: table.cutoffSeconds,
          day: table.day,
        })}
      </p>
      <table className="records-table returns-table">
        <thead>
          <tr>
            <th scope="col">{t("returns.option")}</th>
            <th scope="col">{t("returns.chances")}</th>
            <th scope="col" className="num">
              {t("returns.rtp")}
            </th>
          </tr>
        </thead>
        <tbody>
          {table.options.map((r) => (
            <tr
              key={r.option}
              className={r.suspended ? "returns-suspended" : undefined}
              data-testid={`returns-${table.pair}-${r.option}`}
            >
              <th scope="row">
                <span className="returns-option">{tg(`option.${r.option}`)}</span>
                <span className="returns-sub">{t("returns.odds", { odds: formatOdds(r.odds, locale) })}</span>
              </th>
              <td>
                <div className="returns-chances">
                  <span>{t("returns.win", { chance: chance(r.win) })}</span>
                  <span>{t("returns.refund", { chance: chance(r.refund) })}</span>
                  <span>{t("returns.lose", { chance: chance(r.lose) })}</span>
                </div>
              </td>
              <td className="num">
                <strong className="returns-rtp">{percent(locale, r.rtp, 4)}</strong>
                <span className="returns-sub">{t("returns.edge", { edge: percent(locale, r.houseEdge, 4) })}</span>
                {r.suspended ? <span className="returns-sub returns-flag">{t("returns.suspended")}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The section of the rules page; `tables` null when the platform could not answer. */
export function ReturnsSection({ tables }: { tables: PairReturns[] | null }) {
  const { t } = useTranslation("support");
  const approximated = (tables ?? []).filter((table) => table.method === "normal").map((table) => table.name);
  return (
    <section className="card returns" id="returns" aria-labelledby="returns-title">
      <h2 id="returns-title">{t("returns.title")}</h2>
      <p>{t("returns.intro")}</p>
      {tables && tables.length > 0 ? (
        tables.map((table) => <PairTable key={table.pair} table={table} />)
      ) : (
        <p>{t("returns.unavailable")}</p>
      )}
      <ul className="returns-notes">
        <li>{t("returns.note_digits")}</li>
        <li>{t("returns.note_counter")}</li>
        <li>{t("returns.note_price")}</li>
        <li>{t("returns.note_payout")}</li>
        <li>{t("returns.note_suspended")}</li>
        {approximated.length > 0 ? <li>{t("returns.note_normal", { pairs: approximated.join(", ") })}</li> : null}
      </ul>
    </section>
  );
}
