import { useTranslation } from "~/utils/translator";
import type { AccountMode } from "#rules/account-mode";

/** A mode's badge beside a heading or on a row (records, orders, positions). */
export function ModeBadge({ mode }: { mode: AccountMode }) {
  const { t } = useTranslation();
  return (
    <span className={`mode-badge mode-badge-${mode}`}>
      {mode === "practice" ? t("practice.badge") : t("practice.real_badge")}
    </span>
  );
}
