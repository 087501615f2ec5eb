import { formatDateTime } from "../utils/date-time";
import { formatMoney } from "../utils/money";
import { useTranslation } from "../utils/translator";
import type { KeyOf } from "../utils/translation-keys";

/** One queue item's facts as a definition list: each label from the catalog, each value as given. */
export function ItemFacts({ rows }: { rows: [KeyOf<"backoffice">, string][] }) {
  const { t } = useTranslation("backoffice");
  return (
    <dl className="bo-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Money and times as the operator reads them: the site's currency, the operator's language, UTC. */
export function useFormats(currency: string) {
  const { i18n } = useTranslation();
  return {
    money: (minor: number) => formatMoney(minor, currency, i18n.language),
    time: (iso: string) => formatDateTime(iso, i18n.language),
  };
}
