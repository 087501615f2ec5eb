import { z } from "zod";
import { DEVICE_TOKEN_PATTERN } from "./challenge";
import { betOption, pairSymbol } from "./game";
import { BET_OPTIONS } from "#rules/bet-options";
import { ACCOUNT, CURRENCY_CODE, EMAIL_MAX_LENGTH, PASSWORD, REAL_NAME_MAX_LENGTH, REFERRAL_CODE } from "#rules/fields";
import { LOCALE_IDS } from "#rules/locales";
import { isMobileNumber, MOBILE_AREA_CODES, MOBILE_TYPED, mobileRule } from "#rules/mobile";
import { cleanText } from "./text";
import { hasNoControlCharacters } from "#rules/text";
import { isWebUrl } from "#rules/links";
import { DEFAULT_THEME, theme } from "./theme";
import { campaignRule } from "./campaigns";
import { contractSettings, DEFAULT_CONTRACT_SETTINGS } from "./positions";
import { realityCheckMinutes } from "./protection";
import { minorUnits } from "./units";
import { auditRetentionDays, DEFAULT_AUDIT_RETENTION_DAYS } from "./data-ops";

/** Locale ids (cookie values, site langOptions): server/contract/README.md, "Site info". */
export const localeId = z.enum(LOCALE_IDS);

export { minorUnits } from "./units";

const text = (max: number) => z.string().trim().max(max);

export const siteIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/, "invalid_site");

export const account = z.string().trim().min(ACCOUNT.minLength).max(ACCOUNT.maxLength).regex(ACCOUNT.pattern);
/**
 * Any printable character (a password is never shown); not trimmed here, the site trims
 * (app/README.md, "Validation rules").
 */
export const password = z
  .string()
  .min(PASSWORD.minLength)
  .max(PASSWORD.maxLength)
  .refine(hasNoControlCharacters, "control_characters");
export const areaCode = z
  .string()
  .trim()
  .regex(/^\+\d{1,4}$/);
/**
 * A mobile number as the member typed it in national format (digits, spaces, dashes, dots,
 * brackets); whether it is a mobile number depends on its area code (`withMobileRule`, and the
 * platform again where the area code is the member's stored one). The platform stores it in its
 * canonical national form (server/rules/mobile.ts).
 */
export const mobile = z.string().trim().regex(MOBILE_TYPED);

/** An area code a site may offer: one with a mobile rule (server/rules/mobile.ts). */
export const offeredAreaCode = areaCode.refine((c) => MOBILE_AREA_CODES.includes(c), "no_mobile_rule");

/**
 * A body's mobile, when it comes with its area code, follows that area code's rule. A code
 * without a rule is left to the platform, which answers `invalid_area_code` (no site offers one).
 */
export function withMobileRule<T extends { areaCode?: string; mobile?: string }>(body: T): boolean {
  if (body.areaCode === undefined || body.mobile === undefined || !mobileRule(body.areaCode)) return true;
  return isMobileNumber(body.areaCode, body.mobile);
}
export const MOBILE_RULE_ISSUE = { message: "invalid_mobile", path: ["mobile"] };

const depositOptionId = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);
const gameCode = z.string().regex(/^[a-z0-9-]{1,32}$/);

/**
 * Where a member pays a bank-transfer deposit (server/contract/README.md, "Deposits"). Each deposit
 * gets its own reference, which the member writes in the transfer note and the operator matches
 * the incoming transfer against before confirming.
 */
export const depositBankAccount = z
  .object({
    bank: cleanText(80, 1),
    branch: cleanText(80),
    accountName: cleanText(80, 1),
    accountNumber: z
      .string()
      .trim()
      .regex(/^[0-9 -]{6,34}$/),
  })
  .strict();

/** A wallet address: letters and digits only (TRON, Ethereum, Bitcoin… all fit). */
export const cryptoAddress = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{20,100}$/);

/**
 * How a crypto deposit is paid: the asset and network, the asset's price in the site's currency
 * (minor units per whole unit: 3200 = 32.00 per USDT), its decimals, and where the address comes
 * from: "site" = `address`, the same for everyone; "member" = one address from the operator's
 * pool per member, kept for every later deposit; "deposit" = a fresh address from the pool for
 * every deposit. The member is shown the exact amount to send: the deposit amount divided by the
 * price, rounded up to the asset's decimals.
 */
export const depositCrypto = z
  .object({
    asset: z.string().regex(/^[A-Z0-9]{2,10}$/),
    network: cleanText(40, 1),
    decimals: z.number().int().min(0).max(18),
    unitPrice: minorUnits.pipe(z.number().int().positive()),
    assign: z.enum(["site", "member", "deposit"]),
    /** the address when `assign` is "site"; "" otherwise */
    address: z.union([z.literal(""), cryptoAddress]).default(""),
  })
  .strict()
  .refine((c) => (c.assign === "site") === (c.address !== ""), {
    message: "address is set exactly when assign is site",
    path: ["address"],
  });

export const depositOption = z
  .object({
    id: depositOptionId,
    kind: z.enum(["bank", "crypto", "demo"]),
    name: cleanText(80),
    /** what the member must do, in words; the account or address itself is in `bankAccount`/`crypto` */
    instructions: cleanText(2000),
    /** kind "bank": the account members pay into */
    bankAccount: depositBankAccount.optional(),
    /** kind "crypto": asset, network, price and address */
    crypto: depositCrypto.optional(),
  })
  .refine((o) => (o.kind === "bank") === (o.bankAccount !== undefined), {
    message: "a bank option needs its bankAccount",
    path: ["bankAccount"],
  })
  .refine((o) => (o.kind === "crypto") === (o.crypto !== undefined), {
    message: "a crypto option needs its crypto details",
    path: ["crypto"],
  });
export type DepositOption = z.infer<typeof depositOption>;

/**
 * A link members' pages show (social, app, chat): a web address only, checked when an operator sets
 * it (#rules/links). Site info answers what is stored as it is (`storedUrl`), so a link stored
 * before this rule still reads, and the site drops it.
 */
export const webUrl = z.string().url().max(500).refine(isWebUrl, "web_url");
const storedUrl = z.string().url().max(500);

export const socialOption = z.object({ name: cleanText(40), url: storedUrl });
const appLink = z.object({ platform: z.enum(["ios", "android", "other"]), url: storedUrl });

export const redirectRule = z.object({
  from: z.string().startsWith("/").max(200).refine(hasNoControlCharacters),
  to: z.string().min(1).max(500).refine(hasNoControlCharacters),
  permanent: z.boolean().default(false),
});

export const game = z.object({ code: gameCode, name: cleanText(80) });

/**
 * Everything an operator writes in site info, in one language (server/contract/README.md,
 * "Operator texts"). Site info's own fields hold the site's default language; `translations[lang]`
 * gives any of them in another language, by field, by game code and by deposit option id. A text
 * left out falls back to the default language's (`localizeSite`).
 */
export const siteTexts = z
  .object({
    title: cleanText(120),
    description: cleanText(500),
    keywords: cleanText(500),
    copyRight: cleanText(200),
    gameName: cleanText(80),
    terms: cleanText(20000),
    licence: cleanText(4000),
    games: z.record(gameCode, cleanText(80)),
    // a bank option's bank and branch names too (the account's name and number are the same in every language)
    depositOptions: z.record(
      depositOptionId,
      z
        .object({ name: cleanText(80), instructions: cleanText(2000), bank: cleanText(80), branch: cleanText(80) })
        .partial()
        .strict(),
    ),
  })
  .partial()
  .strict();
export type SiteTexts = z.infer<typeof siteTexts>;

/** Site info (server/contract/README.md, "Site info"). Every field is present; missing ones are empty values. */
export const siteInfo = z.object({
  siteId: siteIdSchema,
  /** area codes offered for the mobile number, e.g. "+886" */
  localsOptions: z.array(areaCode),
  depositOptions: z.array(depositOption),
  bankVerify: z.boolean(),
  socialOptions: z.array(socialOption),
  bankAutoReview: z.boolean(),
  transactionPasswordRequired: z.boolean(),
  langOptions: z.array(localeId).min(1),
  /** "" = none: the site then follows the browser's Accept-Language */
  defaultLanguage: z.union([localeId, z.literal("")]),
  favicon: cleanText(500),
  logo: cleanText(500),
  logo2: cleanText(500),
  copyRight: cleanText(200),
  /** operator-provided script, run on every page under the CSP nonce */
  script: text(20000),
  smsVerify: z.boolean(),
  title: cleanText(120),
  description: cleanText(500),
  keywords: cleanText(500),
  gameName: cleanText(80),
  betAmounts: z.array(minorUnits.positive()).max(12),
  maxBetAmount: minorUnits,
  minBetAmount: minorUnits,
  maxDepositAmount: minorUnits,
  minDepositAmount: minorUnits,
  maxWithdrawAmount: minorUnits,
  minWithdrawAmount: minorUnits,
  minTransferAmount: minorUnits,
  maxTransferAmount: minorUnits,
  /** fee ratio as a decimal with at most 4 places, e.g. 0.015 */
  withdrawFeeRatio: z.number().min(0).max(1),
  withdrawFeeFixed: minorUnits,
  /**
   * Four eyes (docs/operators.md, "Every day: the queues"): a withdrawal of more than this many
   * minor units is paid only on a second operator's approval after a first one's; 0 = never
   */
  withdrawalSecondApprovalAbove: minorUnits,
  // fields this contract adds (server/contract/README.md, "Site info")
  currency: z.string().regex(CURRENCY_CODE),
  games: z.array(game).min(1),
  /** minutes of inactivity after which the site's session ends; 0 = off */
  sessionIdleMinutes: z.number().int().min(0).max(1440),
  redirects: z.array(redirectRule),
  /** trading pairs the site offers, e.g. "BTC-USDT" */
  pairs: z.array(pairSymbol).min(1),
  /** decimal odds per option (at most 4 places): a win pays stake × odds */
  odds: z
    .record(betOption, z.number().min(1).max(1000))
    .refine((o) => BET_OPTIONS.every((k) => k in o), "every option needs odds"),
  /** links to the site's native apps, shown on the download page */
  appLinks: z.array(appLink),
  /** the operator's additions to the terms page, shown after the product's own terms ("" = none) */
  terms: cleanText(20000),
  /** colours, default scheme, up/down convention and logo usage (theme.ts) */
  theme,
  /** the operator's texts in other languages than the default (siteTexts) */
  translations: z.record(localeId, siteTexts),
  /**
   * "Licence and operator": who runs the site and under which licence (or that it holds none), as
   * rich text; the footer shows it and the terms' governing-law clause points at it ("" = none)
   */
  licence: cleanText(4000),
  /** what the site's campaigns pay, each tied to its campaign texts by key (campaigns.ts) */
  campaignRules: z.array(campaignRule),
  /** contract trading's limits and rates (positions.ts) */
  contractSettings,
  /** the play money every member's practice account opens with, and a reset restores (protection.ts) */
  practiceBalance: minorUnits.pipe(z.number().int().positive()),
  /** the reality check's interval for members who have not chosen one (protection.ts) */
  realityCheckMinutes,
  /** audit entries older than this many days move to R2, a file per month (data-ops.ts) */
  auditRetentionDays,
  /**
   * The randomness beacon the platform's ticks mix in (decision 031), as the platform runs it: set
   * by the platform when it answers site info, never stored or set by an operator. "local" (the
   * platform's own key, development only) is said on every page.
   */
  beacon: z.enum(["drand", "local"]).optional(),
});
export type SiteInfo = z.infer<typeof siteInfo>;

/**
 * What a site info field is when a platform leaves it out (or sends null): the product's rule is
 * that missing fields become empty (server/contract/README.md, "Site info"). So: "" for a text,
 * false for a switch, [] for a list, 0 for an amount or a fee. The few fields no page can work
 * with an empty value of (the languages, the currency, a game wallet, a pair, the odds, the
 * theme) take the product's own, as a new site starts with them (server/platform/site/defaults.ts).
 */
export const SITE_INFO_WHEN_MISSING: Omit<SiteInfo, "siteId"> = {
  localsOptions: [],
  depositOptions: [],
  bankVerify: false,
  socialOptions: [],
  bankAutoReview: false,
  transactionPasswordRequired: false,
  langOptions: [...LOCALE_IDS],
  defaultLanguage: "",
  favicon: "",
  logo: "",
  logo2: "",
  copyRight: "",
  script: "",
  smsVerify: false,
  title: "",
  description: "",
  keywords: "",
  gameName: "",
  betAmounts: [],
  maxBetAmount: 0,
  minBetAmount: 0,
  maxDepositAmount: 0,
  minDepositAmount: 0,
  maxWithdrawAmount: 0,
  minWithdrawAmount: 0,
  minTransferAmount: 0,
  maxTransferAmount: 0,
  withdrawFeeRatio: 0,
  withdrawFeeFixed: 0,
  withdrawalSecondApprovalAbove: 0,
  currency: "USD",
  games: [{ code: "binary", name: "Binary" }],
  sessionIdleMinutes: 0,
  redirects: [],
  pairs: ["BTC-USDT"],
  // a fair coin pays 2; 1.95 keeps 2.5 % for the house. A draw (close = open) is rare: 9
  odds: { high: 1.95, low: 1.95, odd: 1.95, even: 1.95, rise: 1.95, fall: 1.95, counter: 1.95, draw: 9 },
  appLinks: [],
  terms: "",
  theme: DEFAULT_THEME,
  translations: {},
  licence: "",
  campaignRules: [],
  // the product's own: a page cannot offer a position without leverages and limits
  contractSettings: DEFAULT_CONTRACT_SETTINGS,
  // the product's own: a practice account needs a balance, a reality check an interval
  practiceBalance: 1_000_000,
  realityCheckMinutes: 60,
  auditRetentionDays: DEFAULT_AUDIT_RETENTION_DAYS,
};

/** Site info as the site reads a platform's answer: a field left out (or null) is its empty value. */
export const siteInfoAnswer = z.preprocess(
  (raw) =>
    raw !== null && typeof raw === "object" && !Array.isArray(raw)
      ? {
          ...SITE_INFO_WHEN_MISSING,
          ...Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== null)),
        }
      : raw,
  siteInfo,
);

/** What an operator may set; everything is optional and merged over the current config. */
export const siteConfigPatch = siteInfo
  // `beacon` is taken as site info answered it (a copy of it may be sent back whole) and never
  // read from what is stored: the platform's site info names its own beacon over it
  .omit({ siteId: true })
  // a site offers only area codes whose mobile numbers can be checked, and links only to the web
  .extend({
    localsOptions: z.array(offeredAreaCode),
    socialOptions: z.array(socialOption.extend({ url: webUrl })),
    appLinks: z.array(appLink.extend({ url: webUrl })),
  })
  .partial()
  .strict();
export type SiteConfigPatch = z.infer<typeof siteConfigPatch>;

export const playerInfo = z.object({
  account: z.string(),
  realName: z.string(),
  areaCode: z.string(),
  mobile: z.string(),
  mobileVerified: z.boolean(),
  email: z.string(),
  /** the code this member gives to others */
  inviteCode: z.string(),
  /** the code this member signed up with, if any */
  referralCode: z.string(),
  hasTransactionPassword: z.boolean(),
  currency: z.string(),
  createdAt: z.string().datetime(),
  lastLoginAt: z.string().datetime().nullable(),
});
export type PlayerInfo = z.infer<typeof playerInfo>;

/**
 * Sign-up asks only what signing in needs: the transaction password, real name and mobile are
 * optional, asked when first needed (a withdrawal refuses without them). A client that still sends
 * them is answered as before; a mobile needs its area code (the platform answers
 * `update_area_code_first`, or `update_mobile_first` for an area code alone).
 */
export const signupBody = z
  .object({
    siteId: siteIdSchema,
    account,
    password,
    transactionPassword: password.optional(),
    realName: cleanText(REAL_NAME_MAX_LENGTH).pipe(z.string().min(1)).optional(),
    areaCode: areaCode.optional(),
    mobile: mobile.optional(),
    referralCode: z.string().trim().max(REFERRAL_CODE.maxLength).regex(REFERRAL_CODE.pattern).optional(),
  })
  .strict()
  .refine(withMobileRule, MOBILE_RULE_ISSUE);
export type SignupBody = z.infer<typeof signupBody>;

/**
 * `device`: the device token this browser got at an earlier sign-in of the account (the site keeps
 * it in a signed cookie); `challenge`: the Turnstile answer, once the platform asked for one
 * (server/contract/security.ts SIGNIN_LIMITS).
 */
export const signinBody = z
  .object({
    siteId: siteIdSchema,
    account,
    password,
    device: z.string().regex(DEVICE_TOKEN_PATTERN).optional(),
    // a Turnstile answer: base64-style characters and dots, a few hundred of them
    challenge: z
      .string()
      .regex(/^[A-Za-z0-9._+/=-]{1,2048}$/)
      .optional(),
  })
  .strict();
export type SigninBody = z.infer<typeof signinBody>;

/** `device`: the token that names this device for the account from now on (the site stores it). */
export const signinData = z.object({
  token: z.string().min(20),
  redirectUrl: z.string().optional(),
  device: z.string().regex(DEVICE_TOKEN_PATTERN).optional(),
});

export const updateInfoBody = z
  .object({
    realName: cleanText(REAL_NAME_MAX_LENGTH).pipe(z.string().min(1)),
    areaCode,
    mobile,
    email: z.union([z.literal(""), z.string().trim().email().max(EMAIL_MAX_LENGTH)]),
  })
  .partial()
  .strict()
  .refine(withMobileRule, MOBILE_RULE_ISSUE);

export const walletsData = z.object({
  currency: z.string(),
  /**
   * `bonus`: deposit bonuses still locked by their wagering (campaigns.ts), a balance of its own
   * that can be neither withdrawn nor moved to a game wallet until released into `balance`
   */
  main: z.object({ balance: minorUnits, onHold: minorUnits, bonus: minorUnits }),
  games: z.array(z.object({ code: z.string(), name: z.string(), balance: minorUnits })),
  /** stakes of real bets whose rounds have not settled (they left the game wallet when placed) */
  inBets: minorUnits,
  /** margin held by open real positions */
  inPositions: minorUnits,
  /**
   * the member's real money in all: main balance, on hold, game wallets, in bets and in
   * positions (the locked bonus is not part of it); summed by the platform, never by a client
   */
  total: minorUnits,
});
export type Wallets = z.infer<typeof walletsData>;

export const pressItem = z.object({
  id: z.string(),
  /** "news" or "announcement" */
  kind: z.enum(["news", "announcement"]),
  path: z.string(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  publishedAt: z.string().datetime(),
});
export const campaign = z.object({
  id: z.string(),
  /**
   * the key tying the campaign's languages together and to its rule in `campaignRules`
   * (campaigns.ts); null for a campaign published without one (texts only, no rule)
   */
  key: z.string().nullable().default(null),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  startsAt: z.string().datetime(),
  endsAt: z.string().datetime().nullable(),
});
export const instruction = z.object({ id: z.string(), type: z.string(), title: z.string(), content: z.string() });
/**
 * One published item in one language, as an operator lists a site's content (operatorContent):
 * `key` ties its languages (a news item's path, a campaign's or instruction's key; null: none),
 * `type` is a news item's kind or an instruction's type, dates only for campaigns.
 */
export const contentEntry = z.object({
  id: z.string(),
  lang: localeId,
  key: z.string().nullable(),
  type: z.string(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  startsAt: z.string().datetime().nullable(),
  endsAt: z.string().datetime().nullable(),
});
export type ContentEntry = z.infer<typeof contentEntry>;

export const langQuery = z.object({ lang: localeId });
