import type { CallBody, SiteConfigPatch } from "../../contract";
import type { ContractFigures, PayoutExample } from "./figures";

/**
 * The shapes of the seed data: a seeded site as the operator API receives it, and the texts it is
 * written from, one file per language (texts/<locale>.ts for what both sites say, <site>/<locale>.ts
 * for what one site says).
 */

export type PressBody = CallBody<"operatorPublishPress">;
export type CampaignBody = CallBody<"operatorPublishCampaign">;
export type InstructionBody = CallBody<"operatorPublishInstruction">;

export interface SeedSite {
  siteId: string;
  config: SiteConfigPatch;
  chatLink: string;
  press: PressBody[];
  campaigns: CampaignBody[];
  instructions: InstructionBody[];
  /** addresses to load into a crypto option's pool (operatorAddDepositAddresses), by option id */
  depositAddresses?: Record<string, string[]>;
  /** the account xpub a crypto option's addresses are derived from (operatorSetDepositXpub), by option id */
  depositXpubs?: Record<string, string>;
}

export type Text = { title: string; summary: string; content: string };
export type InstructionText = { title: string; content: string };

/**
 * What both demo sites publish in one language. A text that states a fact of the site (its pairs,
 * a payout, a fee, the practice balance) is a function of figures worked out from the site's config
 * (figures.ts), so that it names only what the site does.
 */
export interface SeedTexts {
  /** news; "{brand}" in the title is the site's name */
  welcome: Text;
  /**
   * An announcement. Nothing in the product pauses on a schedule: it says how maintenance is
   * announced and what staff review, not a weekly pause that never happens.
   */
  maintenance: Text;
  /** the markets news of a site with one pair ("BTC/USDT") */
  onePairNews: (first: string) => Text;
  /** the markets news of a site with several: the newest pair joining the first one */
  newPairNews: (first: string, newest: string) => Text;
  verifyMobile: Text;
  phishing: Text;
  rules: InstructionText;
  /** a win as the platform pays it: floor(stake × odds) in all, stake included */
  betOptions: (x: PayoutExample) => InstructionText;
  depositHelp: InstructionText;
  withdrawHelp: InstructionText;
  passwordHelp: InstructionText;
  /**
   * "Contract trading" help: what the product does, exactly (server/contract/README.md, "Contract
   * trading"): isolated margin, the fee per side, the stop-out share, the liquidation price shown
   * before opening, TP/SL, close at market, one close per position, no loss beyond the margin and
   * the opening fee. Five short paragraphs (a blank line each: app/utils/rich-text.ts), not one
   * block, for a phone's width.
   */
  contractHelp: (f: ContractFigures) => InstructionText;
  /**
   * "Practice account" help: the site's own starting figure (practiceBalance, formatted), what
   * play money can and cannot do (server/platform/README.md, "Practice account").
   */
  practiceHelp: (amount: string) => InstructionText;
}

/**
 * What one site says in one language: site info's texts (the default language's go into the
 * config's own fields, the others into `translations`: config-texts.ts) and its campaigns' texts.
 * Each campaign's texts say exactly what its rule (in the site's site.ts, enforced by the platform:
 * server/platform/README.md, "Campaigns") does: percent, cap in the site's currency, which
 * deposits, wagering, whether a member must join, the rebate's basis and period and when it is paid.
 */
export interface SiteLanguage {
  /** left out where the site's name is the brand's in every language (the default language has it) */
  title?: string;
  description: string;
  keywords: string;
  copyRight: string;
  gameName: string;
  /** each game's name, by its code */
  games: Record<string, string>;
  /** each deposit option's words, by its id; a bank option's bank and branch names too */
  depositOptions: Record<string, { name: string; instructions: string; bank?: string; branch?: string }>;
  terms: string;
  licence: string;
  campaigns: { firstDeposit: Text; rebate: Text };
}
