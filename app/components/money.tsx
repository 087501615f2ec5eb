import { useTranslation } from "~/utils/translator";
import { formatMoney } from "~/utils/money";

/** An amount in the member's language and the site's currency. */
export function Money({ minor, currency }: { minor: number; currency: string }) {
  const { i18n } = useTranslation();
  return <span className="money">{formatMoney(minor, currency, i18n.language)}</span>;
}

export function IdempotencyInput({ value }: { value: string }) {
  return <input type="hidden" name="idempotencyKey" value={value} />;
}
