import { DEFAULT_CONTRACT_SETTINGS, type ContractSettings, type SiteConfigPatch } from "../../contract";
import { notional, positionFee } from "#rules/position-math";
import { shownDigits } from "#rules/units";

// The figures the seeded texts state, worked out from a site's config in its currency's signs.

/** An amount of cents as the site writes it (NT$1,000 whole, US$10.00: server/rules/units.ts, shownDigits). */
function amountText(minor: number, currency: string): string {
  const digits = shownDigits(minor, currency);
  return (minor / 100).toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: 2 });
}

/** A worked example of one site's payout: `stake` at that site's odds (the platform pays floor(stake × odds) in all). */
export type PayoutExample = { odds: string; stake: string; total: string; won: string };

/** The example for a site: its second chip (or first) at its high/low odds, in its currency's signs. */
export function payoutExample(config: SiteConfigPatch): PayoutExample {
  const chips = config.betAmounts ?? [100, 500, 1000, 5000, 10000];
  const stake = chips[1] ?? chips[0]!;
  const basisPoints = Math.round((config.odds?.high ?? 1.95) * 10_000);
  const total = Math.floor((stake * basisPoints) / 10_000);
  const sign = { USD: "US$", TWD: "NT$" }[config.currency ?? "USD"] ?? `${config.currency} `;
  const money = (minor: number) => `${sign}${amountText(minor, config.currency ?? "USD")}`;
  return {
    odds: String(config.odds?.high ?? 1.95),
    stake: money(stake),
    total: money(total),
    won: money(total - stake),
  };
}

/** The figures of a site's contract-trading help, in its currency's sign (as the bet example above). */
export interface ContractFigures {
  leverages: string[];
  fee: string;
  stopOut: string;
  slippage: string;
  minMargin: string;
  maxMargin: string;
  maxOpen: number;
  example: { margin: string; leverage: number; notional: string; fee: string };
}

/** 500 ppm → "0.05%", 1000 bp (digits 2) → "10%": exact decimals, trailing zeros dropped. */
const percent = (value: number, digits: number) => `${(value / 10 ** digits).toFixed(digits).replace(/\.?0+$/, "")}%`;

/**
 * A site's contract-trading figures from its own settings: the worked example is a margin of 100
 * minimum margins at 10× (or the site's second leverage), its notional and fee computed with the
 * platform's own arithmetic (server/contract/positions.ts), so the help can never promise another fee.
 */
export function contractFigures(config: SiteConfigPatch): ContractFigures {
  const s: ContractSettings = config.contractSettings ?? DEFAULT_CONTRACT_SETTINGS;
  const sign = { USD: "US$", TWD: "NT$" }[config.currency ?? "USD"] ?? `${config.currency} `;
  const money = (minor: number) => `${sign}${amountText(minor, config.currency ?? "USD")}`;
  const leverage = s.leverageOptions.includes(10) ? 10 : (s.leverageOptions[1] ?? s.leverageOptions[0]!);
  const terms = { margin: Math.min(s.minMargin * 100, s.maxMargin), leverage, feePpm: s.feePpm };
  return {
    leverages: s.leverageOptions.map((l) => `${l}×`),
    fee: percent(s.feePpm, 4),
    stopOut: percent(s.stopOutBp, 2),
    slippage: percent(s.slippageBp, 2),
    minMargin: money(s.minMargin),
    maxMargin: money(s.maxMargin),
    maxOpen: s.maxOpenPositions,
    example: {
      margin: money(terms.margin),
      leverage,
      notional: money(notional(terms)),
      fee: money(positionFee(terms)),
    },
  };
}

/** The practice account's starting balance (practiceBalance), as the practice help states it. */
export function practiceAmount(config: SiteConfigPatch): string {
  const sign = { USD: "US$", TWD: "NT$" }[config.currency ?? "USD"] ?? `${config.currency} `;
  return `${sign}${amountText(config.practiceBalance ?? 1_000_000, config.currency ?? "USD")}`;
}
