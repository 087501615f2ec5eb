import { useState } from "react";
import { mobileHintKey } from "~/utils/mobile";
import { useTranslation } from "~/utils/translator";
import { Field, SelectField, type FieldMeta } from "./forms";

/**
 * The area code and the mobile number, side by side, with the hint of the chosen code's rule
 * (server/rules/mobile.ts): the server renders the hint of the code selected (the posted one, or
 * the first offered), and with JavaScript it follows the select at once.
 */
export function MobileFields({
  areaCode,
  mobile,
  areaCodes,
}: {
  areaCode: FieldMeta;
  mobile: FieldMeta;
  areaCodes: string[];
}) {
  const { t } = useTranslation();
  // a choice belongs to the select it was made in: a server's answer re-mounts it (a new key)
  const [picked, setPicked] = useState<{ key: string; value: string } | null>(null);
  const chosen = picked?.key === areaCode.key ? picked.value : areaCode.initialValue || areaCodes[0] || "";
  const hint = mobileHintKey(chosen);
  return (
    <div className="field-row">
      <SelectField
        meta={areaCode}
        label={t("fields.area_code")}
        options={areaCodes.map((c) => ({ value: c, label: c }))}
        autoComplete="tel-country-code"
        onChange={(value) => setPicked({ key: areaCode.key, value })}
      />
      <Field
        meta={mobile}
        label={t("fields.mobile")}
        inputMode="tel"
        autoComplete="tel-national"
        hint={hint ? <span aria-live="polite">{t(hint)}</span> : undefined}
      />
    </div>
  );
}
