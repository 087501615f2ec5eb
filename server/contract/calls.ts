import { z } from "zod";
import {
  campaign,
  instruction,
  langQuery,
  localeId,
  playerInfo,
  pressItem,
  signinBody,
  signinData,
  signupBody,
  siteConfigPatch,
  siteIdSchema,
  siteInfo,
  siteInfoAnswer,
  updateInfoBody,
  walletsData,
} from "./schemas";
import {
  bankAccount,
  bankApplyBody,
  deposit,
  depositBody,
  documentKind,
  accountOperation,
  ledgerRecord,
  operatorBankApplication,
  operatorDecision,
  operatorDeposit,
  operatorWithdrawal,
  page,
  pageQuery,
  pendingQuery,
  transaction,
  transfer,
  transferBody,
  uploadedFile,
  withdrawal,
  withdrawBody,
  depositAddressesBody,
  depositAddressPool,
  depositAddressesQuery,
  depositAddressView,
  depositXpubBody,
} from "./money";
import { campaignKey, campaignRule, memberCampaign } from "./campaigns";
import {
  forgotResetBody,
  forgotSendBody,
  messageBody,
  messageSummary,
  messageThread,
  operatorMessage,
  passwordChangeBody,
  replyBody,
  smsLogEntry,
  smsSent,
  smsVerifyBody,
  transactionPasswordChangeBody,
} from "./member-center";
import { auditEntry, auditQuery } from "./security";
import { operatorCreateBody, operatorId, operatorInfo, operatorKeyIssued, type OperatorRole } from "./operators";
import { cleanText } from "./text";
import { candle, CANDLE_INTERVALS, marketState, PAIR_ACTIONS, order, orderBody, pairConfig, pairInfo, pairSymbol, period, periodNo } from "./game";
import { ICON_MAX_BYTES, ICON_SIZES } from "./icons";
import { closePositionBody, openInterest, openPositionBody, position, POSITION_STATUSES, positionTriggersBody } from "./positions";
import { dayLabelSchema, fairnessDay, periodProof } from "./fairness";
import { pairReturns } from "./returns-table";
import {
  practiceAccount,
  protectionState,
  realityCheck,
  setLimitBody,
  setRealityCheckBody,
  startBreakBody,
} from "./protection";

/**
 * Who may make a call:
 * - "public": no token;
 * - "member": `Authorization: Bearer <token>` of a member of the `X-Site-Id` site;
 * - "operator": `Authorization: Bearer <operator key>` of an operator who runs the site the call
 *   names (a call naming no site: every site, `*`) and holds one of the call's `roles`.
 */
export type Auth = "public" | "member" | "operator";

export interface CallSpec {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** path template; `:name` segments are path parameters */
  path: string;
  auth: Auth;
  /**
   * An operator call's roles: the operator needs one of them (server/platform/README.md,
   * "Operators"). The router refuses an operator call that lists none.
   */
  roles?: readonly OperatorRole[];
  summary: string;
  params?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  /** the body is multipart/form-data: `body` checks its text fields, the handler its `file` */
  multipart?: true;
  /** the request must carry an Idempotency-Key header (server/contract/README.md, "Calls") */
  idempotent?: true;
  /** a success answers the raw bytes of a file instead of an envelope (failures are envelopes) */
  raw?: true;
  data: z.ZodTypeAny;
}

const none = z.null();
/** A home-screen icon's size in pixels, as its path names it (icons.ts) */
const iconSize = z.enum(ICON_SIZES);
const siteParams = z.object({ siteId: siteIdSchema });
/** The type of an instruction ("help", "rules", …), as the help page asks for it. */
const instructionType = z.string().regex(/^[a-z0-9-]{1,40}$/);
/** Where a news item is opened (/user/news/<path>); empty: its id. */
const contentPath = z.string().regex(/^[A-Za-z0-9_-]{0,100}$/);
/**
 * What ties one campaign's or instruction's languages together (server/contract/README.md,
 * "Operator texts"): the same key in two languages is one item, and a member reading a language
 * without it sees the default language's. Without a key an item stands alone.
 */
const contentKey = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

// Who may make each operator call: one table, written into each call below.
const SUPPORT = ["support"] as const satisfies readonly OperatorRole[];
const FINANCE = ["finance"] as const satisfies readonly OperatorRole[];
const ADMIN = ["admin"] as const satisfies readonly OperatorRole[];
/** A member's documents (ID, passbook) are read to answer them or to review their bank account. */
const DOCUMENTS = ["support", "finance"] as const satisfies readonly OperatorRole[];
const operatorParams = z.object({ operatorId });

function call<const S extends CallSpec>(spec: S): S {
  return spec;
}

/** Every call the site makes, plus the operator API (server/contract/README.md, "Calls"). */
export const CALLS = {
  accessTokenVerify: call({
    method: "POST",
    path: "/accessTokenVerify",
    auth: "member",
    summary: "Check that a token is a live session of this site",
    data: none,
  }),
  signup: call({
    method: "POST",
    path: "/player/authorize/signup",
    auth: "public",
    summary: "Create a member account",
    body: signupBody,
    data: none,
  }),
  signin: call({
    method: "POST",
    path: "/player/authorize/signin",
    auth: "public",
    summary: "Start a session; returns its token",
    body: signinBody,
    data: signinData,
  }),
  signout: call({
    method: "POST",
    path: "/player/authorize/signout",
    auth: "member",
    summary: "Revoke the token's session",
    data: none,
  }),
  playerInfo: call({
    method: "GET",
    path: "/player/info",
    auth: "member",
    summary: "The member's information",
    data: playerInfo,
  }),
  updatePlayerInfo: call({
    method: "PUT",
    path: "/player/info",
    auth: "member",
    summary: "Update the member's information",
    body: updateInfoBody,
    data: playerInfo,
  }),
  listenKey: call({
    method: "POST",
    path: "/player/token/listenkey",
    auth: "member",
    summary: "A short-lived key for the member's live stream",
    data: z.string().min(16),
  }),
  wallets: call({
    method: "GET",
    path: "/player/wallets",
    auth: "member",
    summary: "Main account and game wallet balances in minor units",
    data: walletsData,
  }),
  siteInfo: call({
    method: "GET",
    path: "/site/info/:siteId",
    auth: "public",
    summary: "Site configuration and branding",
    params: siteParams,
    // a field the platform leaves out is empty, not a failure (SITE_INFO_WHEN_MISSING)
    data: siteInfoAnswer,
  }),
  siteIcon: call({
    method: "GET",
    path: "/site/icon/:siteId/:size",
    auth: "public",
    summary: "A home-screen icon of the site (a square PNG): the operator's, else a plain square of the site's accent",
    params: siteParams.extend({ size: iconSize }),
    raw: true,
    data: z.unknown(),
  }),
  press: call({
    method: "GET",
    path: "/site/info/:siteId/press",
    auth: "member",
    summary: "News and announcements in a language (an item missing in it: in the site's default language); `path` picks one item",
    params: siteParams,
    query: langQuery.extend({ path: z.string().max(200).optional() }),
    data: z.array(pressItem),
  }),
  campaign: call({
    method: "GET",
    path: "/site/info/:siteId/campaign",
    auth: "member",
    summary: "Campaigns in a language (a campaign missing in it: in the site's default language)",
    params: siteParams,
    query: langQuery,
    data: z.array(campaign),
  }),
  instruction: call({
    method: "GET",
    path: "/site/info/:siteId/instruction",
    auth: "member",
    summary: "Instructions of a type in a language (one missing in it: in the site's default language)",
    params: siteParams,
    query: langQuery.extend({ type: instructionType }),
    data: z.array(instruction),
  }),
  gameReturns: call({
    method: "GET",
    path: "/site/info/:siteId/returns",
    auth: "public",
    summary:
      "Return to player: per pair of the site, each option's chance of a win, a refund and a loss for a member who bets at the last moment, its return at the site's odds and the house edge, at the pair's committed parameters and latest price",
    params: siteParams,
    data: z.array(pairReturns),
  }),
  chatbox: call({
    method: "GET",
    path: "/site/info/:siteId/chatbox",
    auth: "public",
    summary: "The customer-service chat link",
    params: siteParams,
    // a referral code, as at sign-up
    query: z.object({ referrer: z.string().regex(/^[A-Za-z0-9]{1,32}$/).optional() }),
    data: z.string(),
  }),

  // campaigns (campaigns.ts)
  memberCampaigns: call({
    method: "GET",
    path: "/player/campaigns",
    auth: "member",
    summary: "The site's campaigns with what they pay, whether the member takes part, and their progress",
    data: z.array(memberCampaign),
  }),
  joinCampaign: call({
    method: "POST",
    path: "/player/campaigns/:key/join",
    auth: "member",
    summary: "Join an opt-in campaign (joining twice changes nothing)",
    params: z.object({ key: campaignKey }),
    idempotent: true,
    body: z.object({}).strict(),
    data: memberCampaign,
  }),

  // money
  deposit: call({
    method: "POST",
    path: "/player/deposit",
    auth: "member",
    summary: "Ask for a deposit with one of the site's deposit options",
    idempotent: true,
    body: depositBody,
    data: deposit,
  }),
  deposits: call({
    method: "GET",
    path: "/player/deposit",
    auth: "member",
    summary: "The member's deposits, newest first",
    query: pageQuery,
    data: page(deposit),
  }),
  transfer: call({
    method: "POST",
    path: "/player/transfer",
    auth: "member",
    summary: "Move points between the main account and a game wallet",
    idempotent: true,
    body: transferBody,
    data: transfer,
  }),
  transfers: call({
    method: "GET",
    path: "/player/transfer",
    auth: "member",
    summary: "The member's transfers, newest first",
    query: pageQuery,
    data: page(transfer),
  }),
  transactions: call({
    method: "GET",
    path: "/player/transactions",
    auth: "member",
    summary: "Deposits and transfers in one list, newest first",
    query: pageQuery,
    data: page(transaction),
  }),
  withdraw: call({
    method: "POST",
    path: "/player/withdraw",
    auth: "member",
    summary: "Ask for a withdrawal to the approved bank account; amount and fee are held at once",
    idempotent: true,
    body: withdrawBody,
    data: withdrawal,
  }),
  withdrawals: call({
    method: "GET",
    path: "/player/withdraw",
    auth: "member",
    summary: "The member's withdrawals, newest first",
    query: pageQuery,
    data: page(withdrawal),
  }),
  records: call({
    method: "GET",
    path: "/player/records",
    auth: "member",
    summary: "Account records: every ledger entry of the member's balances, newest first",
    query: pageQuery,
    data: page(ledgerRecord),
  }),
  accountRecords: call({
    method: "GET",
    path: "/player/records/operations",
    auth: "member",
    summary: "Account records by operation: one item per deposit, transfer, withdrawal step, bet or payout, with its postings, newest first",
    query: pageQuery,
    data: page(accountOperation),
  }),
  bank: call({
    method: "GET",
    path: "/player/bank",
    auth: "member",
    summary: "The member's bank account and its review status",
    data: bankAccount,
  }),
  bankApply: call({
    method: "POST",
    path: "/player/bankapply",
    auth: "member",
    summary: "Apply to bind a bank account (replaces a rejected or pending one)",
    idempotent: true,
    body: bankApplyBody,
    data: bankAccount,
  }),
  upload: call({
    method: "POST",
    path: "/player/upload",
    auth: "member",
    summary: "Upload a document image (field `file`: JPEG, PNG or WebP by content; ≤ 5 MB, ≤ 20 megapixels)",
    multipart: true,
    body: z.object({ kind: documentKind }).strict(),
    data: uploadedFile,
  }),
  uploads: call({
    method: "GET",
    path: "/player/upload",
    auth: "member",
    summary: "The member's uploaded documents, newest first",
    data: z.array(uploadedFile),
  }),
  uploadFile: call({
    method: "GET",
    path: "/player/upload/:fileId",
    auth: "member",
    summary: "The bytes of one of the member's own documents",
    params: z.object({ fileId: z.string().min(1).max(64) }),
    raw: true,
    data: z.unknown(),
  }),

  // member center
  changePassword: call({
    method: "PUT",
    path: "/player/password",
    auth: "member",
    summary: "Change the login password; every session of the member ends",
    body: passwordChangeBody,
    data: none,
  }),
  changeTransactionPassword: call({
    method: "PUT",
    path: "/player/password/transaction",
    auth: "member",
    summary: "Set or change the transaction password",
    idempotent: true,
    body: transactionPasswordChangeBody,
    data: none,
  }),
  smsSend: call({
    method: "POST",
    path: "/player/sms/send",
    auth: "member",
    summary: "Send a code to the member's mobile (one a minute, five a day)",
    idempotent: true,
    body: z.object({ purpose: z.literal("verify_mobile") }).strict(),
    data: smsSent,
  }),
  smsVerify: call({
    method: "POST",
    path: "/player/sms/verify",
    auth: "member",
    summary: "Verify the member's mobile with the code sent to it",
    body: smsVerifyBody,
    data: playerInfo,
  }),
  forgotSend: call({
    method: "POST",
    path: "/player/authorize/forgot/send",
    auth: "public",
    summary: "Send a reset code to the mobile of an account, if account and mobile match",
    body: forgotSendBody,
    data: none,
  }),
  forgotReset: call({
    method: "POST",
    path: "/player/authorize/forgot/reset",
    auth: "public",
    summary: "Set a new login password with a reset code; every session of the member ends",
    idempotent: true,
    body: forgotResetBody,
    data: none,
  }),
  messages: call({
    method: "GET",
    path: "/player/message",
    auth: "member",
    summary: "The member's messages to customer service, newest activity first",
    query: pageQuery,
    data: page(messageSummary),
  }),
  sendMessage: call({
    method: "POST",
    path: "/player/message",
    auth: "member",
    summary: "Write to customer service",
    idempotent: true,
    body: messageBody,
    data: messageThread,
  }),
  message: call({
    method: "GET",
    path: "/player/message/:id",
    auth: "member",
    summary: "One message with its replies; reading it marks it read",
    params: z.object({ id: z.string().min(1).max(64) }),
    data: messageThread,
  }),
  replyMessage: call({
    method: "POST",
    path: "/player/message/:id/reply",
    auth: "member",
    summary: "Reply in a message's thread",
    idempotent: true,
    params: z.object({ id: z.string().min(1).max(64) }),
    body: replyBody,
    data: messageThread,
  }),

  // the game
  pairs: call({
    method: "GET",
    path: "/market/pairs",
    auth: "public",
    summary: "Every trading pair with its precision and period schedule",
    data: z.array(pairInfo),
  }),
  market: call({
    method: "GET",
    path: "/market/:pair",
    auth: "public",
    summary: "A pair's latest price and current period, with the server's clock",
    params: z.object({ pair: pairSymbol }),
    data: marketState,
  }),
  quotes: call({
    method: "GET",
    path: "/market/:pair/periods",
    auth: "public",
    summary: "Historical quotes: ended periods with open, close, last digit and every option's outcome, newest first",
    params: z.object({ pair: pairSymbol }),
    query: pageQuery.pick({ page: true, pageSize: true }),
    data: page(period),
  }),
  candles: call({
    method: "GET",
    path: "/market/:pair/candles",
    auth: "public",
    summary: "K-line candles of an interval, oldest first",
    params: z.object({ pair: pairSymbol }),
    query: z.object({ interval: z.enum(CANDLE_INTERVALS), limit: z.coerce.number().int().min(1).max(500).default(120) }),
    data: z.array(candle),
  }),
  placeOrder: call({
    method: "POST",
    path: "/player/order",
    auth: "member",
    summary: "Bet on the current period; the stake leaves the game wallet at once",
    idempotent: true,
    body: orderBody,
    data: order,
  }),
  orders: call({
    method: "GET",
    path: "/player/order",
    auth: "member",
    summary: "The member's orders, newest first (open, settled or all)",
    query: pageQuery.extend({ status: z.enum(["open", "settled", "all"]).default("all") }),
    data: page(order),
  }),
  ticketQuery: call({
    method: "GET",
    path: "/player/ticket/query",
    auth: "member",
    summary: "The member's open orders (the quiet poll of the game page)",
    data: z.array(order),
  }),

  // contract trading (positions.ts; server/contract/README.md, "Contract trading")
  openPosition: call({
    method: "POST",
    path: "/player/position",
    auth: "member",
    summary: "Open a leveraged position at the market's price; margin and opening fee leave the game wallet at once",
    idempotent: true,
    body: openPositionBody,
    data: position,
  }),
  positions: call({
    method: "GET",
    path: "/player/position",
    auth: "member",
    summary: "The member's positions, newest first: open ones, or closed ones with their close",
    query: pageQuery.extend({ status: z.enum(POSITION_STATUSES).default("open") }),
    data: page(position),
  }),
  setPositionTriggers: call({
    method: "PUT",
    path: "/player/position/:id/triggers",
    auth: "member",
    summary: "Set or clear an open position's take-profit and stop-loss, checked against the current price",
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
    body: positionTriggersBody,
    data: position,
  }),
  closePosition: call({
    method: "POST",
    path: "/player/position/:id/close",
    auth: "member",
    summary:
      "Close an open position at the market's price. Exactly one close: if a trigger closed it first, the answer is that close",
    idempotent: true,
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
    body: closePositionBody,
    data: position,
  }),

  // verifiable rounds (fairness.ts, fairness-walk.ts; server/contract/README.md, "Verifiable rounds")
  fairnessDays: call({
    method: "GET",
    path: "/market/:pair/fairness",
    auth: "public",
    summary:
      "The pair's seed commitments, newest day first: the next day's, today's (seed hidden) and past days' with their revealed seeds",
    params: z.object({ pair: pairSymbol }),
    query: z.object({ limit: z.coerce.number().int().min(1).max(60).default(14), before: dayLabelSchema.optional() }).strict(),
    data: z.array(fairnessDay),
  }),
  periodProof: call({
    method: "GET",
    path: "/market/:pair/periods/:periodNo/proof",
    auth: "public",
    summary: "What verifying one ended period needs: its day's commitment and seed (once revealed), the period as recorded, the one before, stalled seconds",
    params: z.object({ pair: pairSymbol, periodNo: periodNo }),
    data: periodProof,
  }),

  // practice account (protection.ts; server/contract/README.md, "Practice account")
  practice: call({
    method: "GET",
    path: "/player/practice",
    auth: "member",
    summary: "The member's practice balance (play money), opened at the site's practiceBalance on first use",
    data: practiceAccount,
  }),
  resetPractice: call({
    method: "POST",
    path: "/player/practice/reset",
    auth: "member",
    summary: "Bring the practice balance back to the site's practiceBalance (open practice bets and positions run on)",
    idempotent: true,
    body: z.object({}).strict(),
    data: practiceAccount,
  }),

  // player protection (protection.ts; server/contract/README.md, "Player protection")
  protection: call({
    method: "GET",
    path: "/player/protection",
    auth: "member",
    summary: "The member's deposit and loss limits with what remains, pending changes, reality-check interval, break in force and history",
    data: protectionState,
  }),
  setLimit: call({
    method: "PUT",
    path: "/player/protection/limit",
    auth: "member",
    summary: "Set, lower, raise or remove a deposit or loss limit: a decrease applies at once, an increase or removal after 24 hours",
    body: setLimitBody,
    data: protectionState,
  }),
  setRealityCheck: call({
    method: "PUT",
    path: "/player/protection/reality-check",
    auth: "member",
    summary: "Choose how often the reality check shows: every 15, 30 or 60 minutes of play",
    body: setRealityCheckBody,
    data: protectionState,
  }),
  startBreak: call({
    method: "POST",
    path: "/player/protection/break",
    auth: "member",
    summary:
      "Start a time-out or a self-exclusion: no bets, positions, deposits or transfers into a game until it ends; it cannot be ended early",
    idempotent: true,
    body: startBreakBody,
    data: protectionState,
  }),
  realityCheck: call({
    method: "GET",
    path: "/player/reality-check",
    auth: "member",
    summary: "The session's reality check: time since sign-in, net result, and whether it is due",
    data: realityCheck,
  }),
  continueRealityCheck: call({
    method: "POST",
    path: "/player/reality-check/continue",
    auth: "member",
    summary: "The member chose to continue: the next check is one interval from now",
    body: z.object({}).strict(),
    data: realityCheck,
  }),

  // operator API (server/platform/README.md, "Operator API")
  operatorPutSite: call({
    method: "PUT",
    path: "/operator/sites/:siteId",
    auth: "operator",
    roles: ADMIN,
    summary: "Create a site or merge configuration into it",
    params: siteParams,
    body: siteConfigPatch,
    data: siteInfo,
  }),
  operatorPublishPress: call({
    method: "POST",
    path: "/operator/sites/:siteId/press",
    auth: "operator",
    roles: ADMIN,
    summary: "Publish a news item or announcement",
    params: siteParams,
    body: pressItem
      .omit({ id: true, publishedAt: true })
      .extend({ lang: localeId, path: contentPath, title: cleanText(200), summary: cleanText(1000), content: cleanText(20_000) })
      .strict(),
    data: pressItem,
  }),
  operatorPublishCampaign: call({
    method: "POST",
    path: "/operator/sites/:siteId/campaign",
    auth: "operator",
    roles: ADMIN,
    summary: "Publish a campaign",
    params: siteParams,
    body: campaign
      .omit({ id: true, key: true })
      .extend({ lang: localeId, key: contentKey.optional(), title: cleanText(200), summary: cleanText(1000), content: cleanText(20_000) })
      .strict(),
    data: campaign,
  }),
  operatorPublishInstruction: call({
    method: "POST",
    path: "/operator/sites/:siteId/instruction",
    auth: "operator",
    roles: ADMIN,
    summary: "Publish (replace) an instruction of a type",
    params: siteParams,
    body: instruction
      .omit({ id: true })
      .extend({ lang: localeId, key: contentKey.optional(), type: instructionType, title: cleanText(200), content: cleanText(20_000) })
      .strict(),
    data: instruction,
  }),
  operatorPutIcon: call({
    method: "PUT",
    path: "/operator/sites/:siteId/icons/:size",
    auth: "operator",
    roles: ADMIN,
    summary: `Store a home-screen icon (field \`file\`: a PNG of exactly size × size pixels, ≤ ${ICON_MAX_BYTES / 1024} KB)`,
    params: siteParams.extend({ size: iconSize }),
    multipart: true,
    body: z.object({}).strict(),
    data: z.object({ size: z.number().int(), bytes: z.number().int() }),
  }),
  operatorSetChatLink: call({
    method: "PUT",
    path: "/operator/sites/:siteId/chatbox",
    auth: "operator",
    roles: ADMIN,
    summary: "Set the customer-service chat link",
    params: siteParams,
    body: z.object({ link: z.string().url().max(500) }).strict(),
    data: z.string(),
  }),
  operatorDeposits: call({
    method: "GET",
    path: "/operator/sites/:siteId/deposits",
    auth: "operator",
    roles: FINANCE,
    summary: "Deposits of a site (pending ones by default)",
    params: siteParams,
    query: pendingQuery,
    data: z.array(operatorDeposit),
  }),
  operatorConfirmDeposit: call({
    method: "POST",
    path: "/operator/sites/:siteId/deposits/:id/confirm",
    auth: "operator",
    roles: FINANCE,
    summary: "Confirm a pending deposit: the amount is credited to the main account",
    params: siteParams.extend({ id: z.string().min(1).max(64) }),
    body: operatorDecision,
    data: operatorDeposit,
  }),
  operatorRefuseDeposit: call({
    method: "POST",
    path: "/operator/sites/:siteId/deposits/:id/refuse",
    auth: "operator",
    roles: FINANCE,
    summary: "Refuse a pending deposit, with a reason",
    params: siteParams.extend({ id: z.string().min(1).max(64) }),
    body: operatorDecision,
    data: operatorDeposit,
  }),
  operatorWithdrawals: call({
    method: "GET",
    path: "/operator/sites/:siteId/withdrawals",
    auth: "operator",
    roles: FINANCE,
    summary: "Withdrawals of a site (pending ones by default)",
    params: siteParams,
    query: pendingQuery,
    data: z.array(operatorWithdrawal),
  }),
  operatorApproveWithdrawal: call({
    method: "POST",
    path: "/operator/sites/:siteId/withdrawals/:id/approve",
    auth: "operator",
    roles: FINANCE,
    summary: "Approve a pending withdrawal: it is paid, the hold released",
    params: siteParams.extend({ id: z.string().min(1).max(64) }),
    body: operatorDecision,
    data: operatorWithdrawal,
  }),
  operatorRejectWithdrawal: call({
    method: "POST",
    path: "/operator/sites/:siteId/withdrawals/:id/reject",
    auth: "operator",
    roles: FINANCE,
    summary: "Reject a pending withdrawal: amount and fee return to the main account, once",
    params: siteParams.extend({ id: z.string().min(1).max(64) }),
    body: operatorDecision,
    data: operatorWithdrawal,
  }),
  operatorBankApplications: call({
    method: "GET",
    path: "/operator/sites/:siteId/bank-applications",
    auth: "operator",
    roles: FINANCE,
    summary: "Bank applications of a site (pending ones by default)",
    params: siteParams,
    query: pendingQuery,
    data: z.array(operatorBankApplication),
  }),
  operatorApproveBank: call({
    method: "POST",
    path: "/operator/sites/:siteId/bank-applications/:memberId/approve",
    auth: "operator",
    roles: FINANCE,
    summary: "Approve a member's bank application",
    params: siteParams.extend({ memberId: z.string().min(1).max(64) }),
    body: operatorDecision,
    data: operatorBankApplication,
  }),
  operatorRejectBank: call({
    method: "POST",
    path: "/operator/sites/:siteId/bank-applications/:memberId/reject",
    auth: "operator",
    roles: FINANCE,
    summary: "Reject a member's bank application with a reason",
    params: siteParams.extend({ memberId: z.string().min(1).max(64) }),
    body: operatorDecision,
    data: operatorBankApplication,
  }),
  operatorFile: call({
    method: "GET",
    path: "/operator/sites/:siteId/files/:fileId",
    auth: "operator",
    roles: DOCUMENTS,
    summary: "The bytes of an uploaded document of the site",
    params: siteParams.extend({ fileId: z.string().min(1).max(64) }),
    raw: true,
    data: z.unknown(),
  }),
  operatorMessages: call({
    method: "GET",
    path: "/operator/sites/:siteId/messages",
    auth: "operator",
    roles: SUPPORT,
    summary: "Member messages of a site (those awaiting a reply by default)",
    params: siteParams,
    query: pendingQuery,
    data: z.array(operatorMessage),
  }),
  operatorMessage: call({
    method: "GET",
    path: "/operator/sites/:siteId/messages/:memberId/:id",
    auth: "operator",
    roles: SUPPORT,
    summary: "One member message with its replies",
    params: siteParams.extend({ memberId: z.string().min(1).max(64), id: z.string().min(1).max(64) }),
    data: messageThread,
  }),
  operatorReplyMessage: call({
    method: "POST",
    path: "/operator/sites/:siteId/messages/:memberId/:id/reply",
    auth: "operator",
    roles: SUPPORT,
    summary: "Reply to a member's message",
    params: siteParams.extend({ memberId: z.string().min(1).max(64), id: z.string().min(1).max(64) }),
    body: replyBody,
    data: messageThread,
  }),
  operatorSmsLog: call({
    method: "GET",
    path: "/operator/sites/:siteId/sms",
    auth: "operator",
    roles: SUPPORT,
    summary: "Codes sent by the log SMS provider (development and tests), newest first",
    params: siteParams,
    query: z.object({ mobile: z.string().max(20).optional() }),
    data: z.array(smsLogEntry),
  }),
  operatorRetireContent: call({
    method: "DELETE",
    path: "/operator/sites/:siteId/:kind/:id",
    auth: "operator",
    roles: ADMIN,
    summary: "Retire a news item, announcement, campaign or instruction",
    params: siteParams.extend({ kind: z.enum(["press", "campaign", "instruction"]), id: z.string().min(1).max(64) }),
    data: none,
  }),
  operatorAudit: call({
    method: "GET",
    path: "/operator/sites/:siteId/audit",
    auth: "operator",
    roles: ADMIN,
    summary: "The site's audit log, newest first (append-only: no call changes or deletes an entry)",
    params: siteParams,
    query: auditQuery,
    data: page(auditEntry),
  }),
  operatorEndCampaign: call({
    method: "POST",
    path: "/operator/sites/:siteId/campaign-rules/:key/end",
    auth: "operator",
    roles: ADMIN,
    summary: "End a campaign now: it credits nothing new (bonuses already paid keep their wagering)",
    params: siteParams.extend({ key: campaignKey }),
    body: z.object({}).strict(),
    data: campaignRule,
  }),
  operatorAddDepositAddresses: call({
    method: "POST",
    path: "/operator/sites/:siteId/deposit-options/:optionId/addresses",
    auth: "operator",
    roles: FINANCE,
    summary: "Load addresses into a crypto deposit option's pool (an address already loaded is skipped)",
    params: siteParams.extend({ optionId: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/) }),
    body: depositAddressesBody,
    data: depositAddressPool,
  }),
  operatorDepositAddresses: call({
    method: "GET",
    path: "/operator/sites/:siteId/deposit-options/:optionId/addresses",
    auth: "operator",
    roles: FINANCE,
    summary: "Where a crypto deposit option's addresses come from, how many are given out, and which member holds which (with its derivation index)",
    params: siteParams.extend({ optionId: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/) }),
    query: depositAddressesQuery,
    data: depositAddressView,
  }),
  operatorSetDepositXpub: call({
    method: "PUT",
    path: "/operator/sites/:siteId/deposit-options/:optionId/xpub",
    auth: "operator",
    // admin, not finance: the key decides where every member's future deposits go
    roles: ADMIN,
    summary:
      "Derive a crypto deposit option's addresses from the operator's account-level xpub: one per member, xpub/0/<index>, never running out (an xprv is refused and never stored)",
    params: siteParams.extend({ optionId: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/) }),
    body: depositXpubBody,
    data: depositAddressPool,
  }),
  operatorOpenInterest: call({
    method: "GET",
    path: "/operator/sites/:siteId/open-interest",
    auth: "operator",
    roles: FINANCE,
    summary: "Contract trading: the site's open positions per pair and the house's exposure at the mark",
    params: siteParams,
    data: z.array(openInterest),
  }),
  operatorMemberProtection: call({
    method: "GET",
    path: "/operator/sites/:siteId/members/:memberId/protection",
    auth: "operator",
    roles: SUPPORT,
    summary: "A member's limits, reality-check interval, break in force and history",
    params: siteParams.extend({ memberId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
    data: protectionState,
  }),
  operatorEndBreak: call({
    method: "POST",
    path: "/operator/sites/:siteId/members/:memberId/protection/end",
    auth: "operator",
    roles: SUPPORT,
    summary:
      "Always refused: a time-out or self-exclusion cannot be ended early by anyone (break_cannot_end_early, with its end in data.until); the attempt is audited",
    params: siteParams.extend({ memberId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
    body: z.object({ reason: cleanText(500) }).strict(),
    data: protectionState,
  }),
  operatorList: call({
    method: "GET",
    path: "/operator/operators",
    auth: "operator",
    roles: ADMIN,
    summary: "Every operator, revoked ones too (no key is ever shown again)",
    data: z.array(operatorInfo),
  }),
  operatorCreate: call({
    method: "POST",
    path: "/operator/operators",
    auth: "operator",
    roles: ADMIN,
    summary: "Add an operator: their sites, roles and Access email; answers their key, shown this once",
    body: operatorCreateBody,
    data: operatorKeyIssued,
  }),
  operatorRotateKey: call({
    method: "POST",
    path: "/operator/operators/:operatorId/rotate",
    auth: "operator",
    roles: ADMIN,
    summary: "Issue a new key for an operator; the old one stops working at once",
    params: operatorParams,
    body: z.object({}).strict(),
    data: operatorKeyIssued,
  }),
  operatorRevoke: call({
    method: "POST",
    path: "/operator/operators/:operatorId/revoke",
    auth: "operator",
    roles: ADMIN,
    summary: "Revoke an operator and their key (never the last admin of every site)",
    params: operatorParams,
    body: z.object({}).strict(),
    data: operatorInfo,
  }),
  operatorPutPair: call({
    method: "PUT",
    path: "/operator/pairs/:pair",
    auth: "operator",
    roles: ADMIN,
    summary:
      "Create a trading pair (at once), or change how its market runs: a pause or a new name at once, anything else from the first day whose seed is committed after the change (changesFrom)",
    params: z.object({ pair: pairSymbol }),
    body: pairConfig,
    data: pairInfo.extend({
      changesFrom: z.string().datetime().nullable(),
      /** periods the change voided: a pause or resume touched them after their betting closed */
      voided: z.array(periodNo).default([]),
    }),
  }),
  operatorPairAudit: call({
    method: "GET",
    path: "/operator/pairs/:pair/audit",
    auth: "operator",
    roles: ADMIN,
    summary:
      "What operators did to a pair, newest first: creation, changes, pauses and resumes, each with the periods it voided (pair configuration is platform-wide, so it is in no site's log)",
    params: z.object({ pair: pairSymbol }),
    query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
    data: z.array(
      z.object({
        at: z.string().datetime(),
        actor: z.string(),
        action: z.enum(PAIR_ACTIONS),
        details: z.record(z.union([z.string(), z.number(), z.boolean(), z.null()])),
      }),
    ),
  }),
} as const;

export type CallName = keyof typeof CALLS;
type Spec<N extends CallName> = (typeof CALLS)[N];
type Infer<T> = T extends z.ZodTypeAny ? z.input<T> : undefined;

export type CallParams<N extends CallName> = Infer<Spec<N> extends { params: infer P } ? P : undefined>;
export type CallQuery<N extends CallName> = Infer<Spec<N> extends { query: infer Q } ? Q : undefined>;
export type CallBody<N extends CallName> = Infer<Spec<N> extends { body: infer B } ? B : undefined>;
export type CallData<N extends CallName> = z.output<Spec<N>["data"]>;

/** The wire envelope of every response. */
export const envelope = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type Envelope<T = unknown> = { statusCode: number; message: string; data?: T };

/**
 * What a failure's `data` may carry (server/contract/README.md, "The envelope"): `problems` for
 * theme_contrast_too_low, one line per failing colour pair; for leverage_fees_too_high, one line
 * per leverage refused; for odds_return_too_high, one line per option, pair and committed day that
 * would return 100 % or more; `amount` (minor units) for a refusal whose message names a figure:
 * bonus_locked's turnover still needed, a limit's remaining amount (deposit_limit_day …
 * loss_limit_month); `until` for a refusal naming a break's end; `feeShare` for
 * leverage_fees_too_high.
 */
export const failureData = z.object({
  problems: z.array(z.string()).optional(),
  amount: z.number().int().optional(),
  /** a break's end (timeout_in_force, exclusion_in_force, break_cannot_end_early) */
  until: z.string().datetime().optional(),
  /** signin_too_fast: whole seconds to wait before the next attempt */
  seconds: z.number().int().min(1).optional(),
  /**
   * leverage_fees_too_high: the lowest leverage refused, the share of the margin its opening and
   * closing fees take and the most the site allows, both in parts per million of the margin
   */
  feeShare: z.object({ leverage: z.number().int(), sharePpm: z.number().int(), maxPpm: z.number().int() }).optional(),
});
export type FailureData = z.infer<typeof failureData>;

/** Fill a path template: `/site/info/:siteId` + { siteId: "demo" } → `/site/info/demo`. */
export function fillPath(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** Match a concrete path against a template; returns the parameters or null. */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const t = template.split("/");
  const p = path.split("/");
  if (t.length !== p.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const seg = t[i]!;
    if (seg.startsWith(":")) {
      try {
        params[seg.slice(1)] = decodeURIComponent(p[i]!);
      } catch {
        return null;
      }
    } else if (seg !== p[i]) return null;
  }
  return params;
}

/**
 * The header that names the site of every member call (tenant isolation:
 * server/platform/README.md, "Security decisions").
 */
export const SITE_HEADER = "X-Site-Id";
/**
 * The address of the browser the site is serving, forwarded by the site (from CF-Connecting-IP).
 * The platform counts sign-in failures and forgotten-password requests per address with it; it
 * trusts it because only the site reaches the platform (service binding or internal URL).
 */
export const CLIENT_ADDRESS_HEADER = "X-Client-Address";
/** The header that carries a request's idempotency key (server/contract/README.md, "Calls"). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** The money a member call plays with: "real" (or absent) or "practice" (protection.ts, ACCOUNT_MODES). */
export const ACCOUNT_MODE_HEADER = "X-Account-Mode";
