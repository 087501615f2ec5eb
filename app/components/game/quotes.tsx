import { useTranslation } from "react-i18next";
import { BET_OPTIONS, formatPrice, type Period } from "~/utils/game";
import { formatTime } from "./format";

/** Historical quotes: each ended period's open, close, last digit and the outcome of every option. */
export function QuotesTable({ periods, precision }: { periods: Period[]; precision: number }) {
  const { t, i18n } = useTranslation("game");
  const lng = i18n.language;
  if (periods.length === 0) return <p className="records-empty">{t("quotes.none")}</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="quotes-title">
      <table className="records-table" data-testid="quotes">
        <caption id="quotes-title" className="visually-hidden">
          {t("tabs.quotes")}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t("orders.period")}</th>
            <th scope="col">{t("orders.end")}</th>
            <th scope="col">{t("quotes.open")}</th>
            <th scope="col">{t("quotes.close")}</th>
            <th scope="col">{t("market.last_digit")}</th>
            {BET_OPTIONS.map((o) => (
              <th key={o} scope="col">
                {t(`option.${o}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {periods.map((p) => (
            <tr key={p.periodNo}>
              <th scope="row">{p.periodNo}</th>
              <td>{formatTime(p.endsAt, lng)}</td>
              <td>{formatPrice(p.openPrice, precision, lng)}</td>
              <td>{formatPrice(p.closePrice, precision, lng)}</td>
              <td>{p.lastDigit ?? "—"}</td>
              {BET_OPTIONS.map((o) => {
                const outcome = p.outcomes?.[o];
                return (
                  <td key={o} className={outcome ? `outcome-${outcome}` : undefined}>
                    {outcome ? t(`outcome.${outcome}`) : "—"}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
