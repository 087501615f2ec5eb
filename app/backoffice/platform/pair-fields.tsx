import { useTranslation } from "../../utils/translator";
import type { KeyOf } from "../../utils/translation-keys";

/**
 * The pair forms' fields (routes bo.platform.pairs.new and bo.platform.pairs.$pair): each with its
 * label, its hint (the contract's rule in the operator's words) and, after a refusal, the reason
 * at the field. The values are the form's text as typed, so a refused form comes back as it was.
 */

export const PAIR_FIELDS = [
  "symbol",
  "name",
  "precision",
  "periodSeconds",
  "cutoffSeconds",
  "startPrice",
  "volatilityBp",
] as const;
export type PairField = (typeof PAIR_FIELDS)[number];
export type PairValues = Record<PairField, string>;

export const SOURCE_FIELDS = ["kind", "exchangeSymbol", "maxStaleSeconds"] as const;
export type SourceField = (typeof SOURCE_FIELDS)[number];
export type SourceValues = { kind: "synthetic" | "exchange"; exchangeSymbol: string; maxStaleSeconds: string };

/** A new pair's form as it opens: the default pairs' running values, no name or symbol. */
export const NEW_PAIR_VALUES: PairValues = {
  symbol: "",
  name: "",
  precision: "2",
  periodSeconds: "60",
  cutoffSeconds: "10",
  startPrice: "",
  volatilityBp: "1",
};

/** One labelled input with its hint and its refusal (a code under platform.error). */
export function PlatformField({
  name,
  label,
  hint,
  value,
  error,
  inputMode,
  autoCapitalize,
  form = "field",
}: {
  name: string;
  /** the form's name in the ids, where one page has the same field in two forms */
  form?: string;
  label: KeyOf<"backoffice">;
  hint?: KeyOf<"backoffice">;
  value: string;
  error?: string;
  inputMode?: "numeric" | "decimal" | "text";
  autoCapitalize?: "characters" | "none";
}) {
  const { t } = useTranslation("backoffice");
  const id = `${form}-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="bo-field">
      <label htmlFor={id}>{t(label)}</label>
      <input
        id={id}
        name={name}
        defaultValue={value}
        inputMode={inputMode}
        autoCapitalize={autoCapitalize}
        spellCheck={false}
        aria-describedby={described || undefined}
        aria-invalid={error ? true : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="bo-hint">
          {t(hint)}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="bo-field-error">
          {t(`platform.error.${error}` as KeyOf<"backoffice">)}
        </p>
      ) : null}
    </div>
  );
}

/** The configuration's fields; a new pair's also take its symbol and start price. */
export function PairConfigFields({
  values,
  errors,
  creating,
}: {
  values: PairValues;
  errors: Partial<Record<PairField, string>>;
  creating: boolean;
}) {
  const field = (name: PairField, inputMode: "numeric" | "decimal" | "text") => (
    <PlatformField
      key={name}
      name={name}
      label={`platform.pair.field.${name}`}
      hint={`platform.pair.hint.${name}`}
      value={values[name]}
      error={errors[name]}
      inputMode={inputMode}
      autoCapitalize={name === "symbol" ? "characters" : undefined}
    />
  );
  return (
    <>
      {creating ? field("symbol", "text") : null}
      {field("name", "text")}
      {field("precision", "numeric")}
      {field("periodSeconds", "numeric")}
      {field("cutoffSeconds", "numeric")}
      {creating ? field("startPrice", "decimal") : null}
      {field("volatilityBp", "numeric")}
    </>
  );
}
