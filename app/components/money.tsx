import { useTranslation } from "~/utils/translator";
import { Filled } from "~/components/filled";
import { formatMoney } from "~/utils/money";

/** An amount in the member's language and the site's currency. */
export function Money({ minor, currency }: { minor: number; currency: string }) {
  const { i18n } = useTranslation();
  return <span className="money">{formatMoney(minor, currency, i18n.language)}</span>;
}

export function IdempotencyInput({ value }: { value: string }) {
  return <input type="hidden" name="idempotencyKey" value={value} />;
}

/**
 * The site's limits for an amount, shown beside the field before anything is submitted. Here, not
 * in money-form.tsx, so the game's bet form does not pull the money pages' code into its bundle.
 */
export function LimitsHint({ min, max, currency }: { min: number; max: number; currency: string }) {
  const { t } = useTranslation("money");
  return (
    <>
      <Filled
        text={t("limits_range")}
        slots={{ min: <Money minor={min} currency={currency} />, max: <Money minor={max} currency={currency} /> }}
      />
    </>
  );
}
