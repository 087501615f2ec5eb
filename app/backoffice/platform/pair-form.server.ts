import { pairConfig, pairSourceBody, pairSymbol, type PairConfig, type PairSourceBody } from "../../../server/contract";
import { decimalString, parseAmount } from "#rules/units";
import type { PairField, PairValues, SourceField, SourceValues } from "./pair-fields";

/**
 * The pair forms read into the contract's bodies (operatorPutPair, operatorPutPairSource) and
 * checked with the contract's own schemas before anything is sent: a refusal names the field and
 * the rule it broke (a code of the catalog's `platform.error`), and nothing is sent. The start
 * price is typed as the pair shows it (61234.50 at 2 digits) and read with string arithmetic.
 */

/** A field's refusal: the rule the contract names (period_not_dividing_day…), else the field's own. */
/** A stored pair's configuration as its form shows it (the loader's: the page's code stays without the rules). */
export function pairValues(config: PairConfig): PairValues {
  return {
    symbol: "",
    name: config.name,
    precision: String(config.precision),
    periodSeconds: String(config.periodSeconds),
    cutoffSeconds: String(config.cutoffSeconds),
    startPrice: decimalString(config.startPrice, config.precision),
    volatilityBp: String(config.volatilityBp),
  };
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

const RULE_CODES = ["period_not_dividing_day", "cutoff_not_before_end", "exchange_symbol_missing"];

function errorsOf<F extends string>(issues: readonly { path: (string | number)[]; message: string }[]) {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "") as F;
    errors[field] ??= RULE_CODES.includes(issue.message) ? issue.message : field;
  }
  return errors;
}

const whole = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : Number.NaN);

export type PairDraft =
  | { ok: true; symbol: string; config: PairConfig; values: PairValues }
  | { ok: false; values: PairValues; errors: FieldErrors<PairField> };

/**
 * The configuration form. `stored`: the pair exists; its symbol and start price are not the
 * form's (the start price matters only at creation) and its pause is kept (a form of its own).
 */
export function pairDraftOf(form: FormData, stored: { symbol: string; config: PairConfig } | null): PairDraft {
  const str = (name: PairField) => String(form.get(name) ?? "").trim();
  const values: PairValues = {
    symbol: stored ? stored.symbol : str("symbol").toUpperCase(),
    name: str("name"),
    precision: str("precision"),
    periodSeconds: str("periodSeconds"),
    cutoffSeconds: str("cutoffSeconds"),
    startPrice: stored ? decimalString(stored.config.startPrice, stored.config.precision) : str("startPrice"),
    volatilityBp: str("volatilityBp"),
  };
  const precision = whole(values.precision);
  const raw = {
    name: values.name,
    precision,
    periodSeconds: whole(values.periodSeconds),
    cutoffSeconds: whole(values.cutoffSeconds),
    startPrice: stored
      ? stored.config.startPrice
      : Number.isInteger(precision) && precision <= 8
        ? (parseAmount(values.startPrice, precision) ?? Number.NaN)
        : Number.NaN,
    volatilityBp: whole(values.volatilityBp),
    paused: stored ? stored.config.paused : false,
  };
  const parsed = pairConfig.safeParse(raw);
  const errors = parsed.success ? {} : errorsOf<PairField>(parsed.error.issues);
  if (!stored && !pairSymbol.safeParse(values.symbol).success) errors.symbol = "symbol";
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, values, errors };
  return { ok: true, symbol: values.symbol, config: parsed.data, values };
}

export type SourceDraft =
  | { ok: true; body: PairSourceBody; values: SourceValues }
  | { ok: false; values: SourceValues; errors: FieldErrors<SourceField> };

export function sourceDraftOf(form: FormData): SourceDraft {
  const str = (name: SourceField) => String(form.get(name) ?? "").trim();
  const values: SourceValues = {
    kind: str("kind") === "exchange" ? "exchange" : "synthetic",
    exchangeSymbol: str("exchangeSymbol").toUpperCase(),
    maxStaleSeconds: str("maxStaleSeconds"),
  };
  const body =
    values.kind === "synthetic"
      ? { kind: "synthetic" }
      : {
          kind: "exchange",
          exchange: "binance",
          ...(values.exchangeSymbol ? { symbol: values.exchangeSymbol } : {}),
          maxStaleSeconds: whole(values.maxStaleSeconds),
        };
  const parsed = pairSourceBody.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data, values };
  // the schema's `symbol` is the form's exchangeSymbol (the pair's own symbol is in the path)
  const issues = parsed.error.issues.map((i) => (i.path[0] === "symbol" ? { ...i, path: ["exchangeSymbol"] } : i));
  return { ok: false, values, errors: errorsOf<SourceField>(issues) };
}
