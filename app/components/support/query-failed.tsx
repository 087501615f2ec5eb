import { useTranslation } from "~/utils/translator";

/** A content query that failed (spec §8): the spec's title, then the platform's translated message. */
export function QueryFailed({ titleKey, messageKey }: { titleKey: string; messageKey: string }) {
  const { t } = useTranslation("support");
  return (
    <div role="alert" className="form-alert">
      <p>{t(titleKey)}</p>
      <p>{t(messageKey)}</p>
    </div>
  );
}
