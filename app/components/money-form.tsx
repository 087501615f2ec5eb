import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/utils/translator";
import { Field, type FieldMeta } from "./forms";
import { Money } from "./money";
import { dynamicKey } from "~/utils/translation-keys";

/** What a money action answers when it did not succeed: the form's state and the same key. */
export type MoneyActionData = { result: SubmissionResult<string[]>; idempotencyKey: string };

/** The site's limits for an amount, shown beside the field before anything is submitted. */
export function LimitsHint({ min, max, currency }: { min: number; max: number; currency: string }) {
  const { t } = useTranslation("money");
  return (
    <>
      {t("limits_min")} <Money minor={min} currency={currency} /> · {t("limits_max")} <Money minor={max} currency={currency} />
    </>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("money");
  return <span className={`status status-${status}`}>{t(dynamicKey(`status.${status}`))}</span>;
}

/** An amount typed as a decimal, with the site's limits shown before anything is submitted. */
export function AmountField({
  meta,
  limits,
  currency,
}: {
  meta: FieldMeta;
  limits: { min: number; max: number };
  currency: string;
}) {
  const { t } = useTranslation("money");
  return (
    <Field
      meta={meta}
      label={t("amount")}
      inputMode="decimal"
      autoComplete="off"
      hint={<LimitsHint min={limits.min} max={limits.max} currency={currency} />}
    />
  );
}
