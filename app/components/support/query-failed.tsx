import { useTranslation } from "~/utils/translator";
import { dynamicKey, type KeyOf } from "~/utils/translation-keys";

/**
 * A content query that failed: its own title, then the platform's translated message
 * (app/README.md, "Messages and toasts").
 */
export function QueryFailed({ titleKey, messageKey }: { titleKey: KeyOf<"support">; messageKey: string }) {
  const { t } = useTranslation("support");
  return (
    <div role="alert" className="form-alert">
      <p>{t(titleKey)}</p>
      <p>{t(dynamicKey(messageKey))}</p>
    </div>
  );
}
