import type { SiteConfigPatch } from "../../contract";
import { LOCALE_IDS, type LocaleId } from "#rules/locales";
import { contractFigures, payoutExample, practiceAmount } from "./figures";
import type { InstructionText, SeedSite, SeedTexts, SiteLanguage, Text } from "./shape";
import { SEED_TEXTS } from "./texts";

type PerLanguage<T> = Record<LocaleId, T>;

/** One item per language, in LOCALE_IDS's order (the order the seed publishes them in). */
function eachLanguage<T, R>(texts: PerLanguage<T>, build: (text: T) => R): (R & { lang: LocaleId })[] {
  return LOCALE_IDS.map((lang) => ({ ...build(texts[lang]), lang }));
}

// The campaigns' periods, the same on both sites: each site's rules (site.ts) and its campaign
// items (below) carry them, under the keys "first-deposit" and "monthly-challenge".
export const CAMPAIGN_START = "2025-01-01T00:00:00.000Z";
export const REBATE_START = "2026-01-01T00:00:00.000Z";
export const REBATE_END = "2036-01-01T00:00:00.000Z";

/**
 * The markets news, written from the site's own pairs (`pairs` in its config) so that it names only
 * pairs the site offers: the newest pair joining the first one, or, with one pair, that pair alone.
 */
function marketsNews(texts: SeedTexts, pairs: readonly string[]): Text {
  const names = pairs.map((p) => p.replace("-", "/"));
  const first = names[0]!;
  const newest = names.at(-1)!;
  return names.length === 1 ? texts.onePairNews(first) : texts.newPairNews(first, newest);
}

/** The practice help in every language, with the site's own starting balance. */
export function practiceHelp(config: SiteConfigPatch): PerLanguage<InstructionText> {
  const amount = practiceAmount(config);
  return Object.fromEntries(
    LOCALE_IDS.map((lang) => [lang, SEED_TEXTS[lang].practiceHelp(amount)]),
  ) as PerLanguage<InstructionText>;
}

const brand = (text: Text, name: string): Text => ({
  title: text.title.replace("{brand}", name),
  summary: text.summary,
  content: text.content,
});

/** A site with its content, written from its config and its texts in every language. */
export function withContent(
  name: string,
  prefix: string,
  texts: PerLanguage<SiteLanguage>,
  site: Omit<SeedSite, "press" | "campaigns" | "instructions">,
): SeedSite {
  return { ...site, ...content(name, prefix, texts, site.config) };
}

/** The content of a site: texts that state facts (pairs, payouts) are written from its config. */
function content(
  name: string,
  prefix: string,
  texts: PerLanguage<SiteLanguage>,
  config: SiteConfigPatch,
): Pick<SeedSite, "press" | "campaigns" | "instructions"> {
  const example = payoutExample(config);
  const figures = contractFigures(config);
  const practice = practiceHelp(config);
  return {
    press: [
      ...eachLanguage(SEED_TEXTS, (t) => ({
        kind: "news" as const,
        path: `${prefix}-welcome`,
        ...brand(t.welcome, name),
      })),
      ...eachLanguage(SEED_TEXTS, (t) => ({
        kind: "news" as const,
        path: `${prefix}-markets`,
        ...marketsNews(t, config.pairs ?? []),
      })),
      ...eachLanguage(SEED_TEXTS, (t) => ({
        kind: "news" as const,
        path: `${prefix}-verify-mobile`,
        ...t.verifyMobile,
      })),
      ...eachLanguage(SEED_TEXTS, (t) => ({
        kind: "announcement" as const,
        path: `${prefix}-maintenance`,
        ...t.maintenance,
      })),
      ...eachLanguage(SEED_TEXTS, (t) => ({
        kind: "announcement" as const,
        path: `${prefix}-phishing`,
        ...t.phishing,
      })),
    ],
    // one key per campaign and instruction ties its four languages together (content fallback:
    // server/platform/README.md, "Content languages"); press items share their path
    campaigns: [
      ...eachLanguage(texts, (t) => ({
        key: "first-deposit",
        ...t.campaigns.firstDeposit,
        startsAt: CAMPAIGN_START,
        endsAt: null,
      })),
      // A campaign with a period; the site lists it until it ends.
      ...eachLanguage(texts, (t) => ({
        key: "monthly-challenge",
        ...t.campaigns.rebate,
        startsAt: REBATE_START,
        endsAt: REBATE_END,
      })),
    ],
    instructions: [
      ...eachLanguage(SEED_TEXTS, (t) => ({ key: "round", type: "rules", ...t.rules })),
      ...eachLanguage(SEED_TEXTS, (t) => ({ key: "bet-options", type: "rules", ...t.betOptions(example) })),
      ...eachLanguage(SEED_TEXTS, (t) => ({ key: "deposit", type: "deposit", ...t.depositHelp })),
      ...eachLanguage(SEED_TEXTS, (t) => ({ key: "withdraw", type: "help", ...t.withdrawHelp })),
      ...eachLanguage(SEED_TEXTS, (t) => ({ key: "password", type: "help", ...t.passwordHelp })),
      ...eachLanguage(SEED_TEXTS, (t) => ({ key: "contract", type: "help", ...t.contractHelp(figures) })),
      ...eachLanguage(practice, (t) => ({ key: "practice", type: "help", ...t })),
    ],
  };
}
