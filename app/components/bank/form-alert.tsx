import { useTranslation } from "~/utils/translator";
import { dynamicKey } from "~/utils/translation-keys";

/** A form's own errors (what went wrong, then why), announced when they appear. */
export function FormAlert({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="form-alert">
      {errors.map((key) => (
        <p key={key}>{t(dynamicKey(key))}</p>
      ))}
    </div>
  );
}
