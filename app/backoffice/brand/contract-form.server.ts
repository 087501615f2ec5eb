import { contractSettings, type ContractSettings } from "../../../server/contract";
import { decimalString, minorDigits, parseAmount } from "#rules/units";
import { CONTRACT_AMOUNTS, CONTRACT_NUMBERS, type ContractField, type ContractValues } from "./contract-fields";

/**
 * Contract trading's settings as a form (site info's `contractSettings`, the CLI's put-site): whole
 * numbers as typed, amounts in the site's money (parsed with its minor digits, never a float),
 * leverages as a list, close-only pairs as ticks. Checked by the contract's own schema (leverages
 * ascending, fees within the margin share, min ≤ max) before anything is sent.
 */
export function contractValues(s: ContractSettings, currency: string): ContractValues {
  const digits = minorDigits(currency);
  const values = {
    leverageOptions: s.leverageOptions.join(", "),
    closeOnlyPairs: [...s.closeOnlyPairs],
  } as ContractValues;
  for (const name of CONTRACT_NUMBERS) values[name] = String(s[name]);
  for (const name of CONTRACT_AMOUNTS) values[name] = decimalString(s[name], digits);
  return values;
}

export type ContractDraft =
  { ok: true; settings: ContractSettings } | { ok: false; values: ContractValues; invalid: ContractField[] };

export function contractDraftOf(form: FormData, currency: string, pairs: readonly string[]): ContractDraft {
  const digits = minorDigits(currency);
  const str = (name: string) => String(form.get(name) ?? "").trim();
  const values = {
    leverageOptions: str("leverageOptions"),
    closeOnlyPairs: form
      .getAll("closeOnlyPairs")
      .map(String)
      .filter((p) => pairs.includes(p)),
  } as ContractValues;
  const raw: Record<string, unknown> = { closeOnlyPairs: values.closeOnlyPairs };
  const invalid = new Set<ContractField>();
  const leverages = values.leverageOptions.split(/[\s,，、]+/).filter((v) => v !== "");
  raw.leverageOptions = leverages.map((v) => (/^\d{1,4}$/.test(v) ? Number(v) : Number.NaN));
  for (const name of CONTRACT_NUMBERS) {
    values[name] = str(name);
    raw[name] = /^\d{1,9}$/.test(values[name]) ? Number(values[name]) : Number.NaN;
  }
  for (const name of CONTRACT_AMOUNTS) {
    values[name] = str(name);
    raw[name] = parseAmount(values[name], digits) ?? Number.NaN;
  }
  const parsed = contractSettings.safeParse(raw);
  if (!parsed.success) for (const issue of parsed.error.issues) invalid.add(issue.path[0] as ContractField);
  if (!parsed.success) return { ok: false, values, invalid: [...invalid] };
  return { ok: true, settings: parsed.data };
}
