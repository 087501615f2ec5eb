import { z } from "zod";
import { account, campaign, instruction, localeId, pressItem, siteConfigPatch, siteInfo } from "../schemas";
import {
  operatorBankApplication,
  operatorDecision,
  operatorDeposit,
  operatorWithdrawal,
  page,
  pendingQuery,
  depositAddressesBody,
  depositAddressPool,
  depositAddressesQuery,
  depositAddressView,
  depositXpubBody,
} from "../money";
import { campaignKey, campaignRule } from "../campaigns";
import { messageThread, operatorMessage, replyBody, smsLogEntry } from "../member-center";
import { auditEntry, auditQuery } from "../security";
import { cleanText } from "../text";
import { ICON_MAX_BYTES } from "../icons";
import { openInterest } from "../positions";
import { protectionState } from "../protection";
import { memberOverview } from "../support";
import { memberLookupQuery, siteDayTotals } from "../oversight";
import { exportDay } from "../data-ops";
import {
  none,
  iconSize,
  siteParams,
  instructionType,
  SUPPORT,
  FINANCE,
  ADMIN,
  DOCUMENTS,
  OVERSIGHT,
  call,
} from "./spec";

/** Where a news item is opened (/user/news/<path>); empty: its id. */
const contentPath = z.string().regex(/^[A-Za-z0-9_-]{0,100}$/);
/**
 * What ties one campaign's or instruction's languages together (server/contract/README.md,
 * "Operator texts"): the same key in two languages is one item, and a member reading a language
 * without it sees the default language's. Without a key an item stands alone.
 */
const contentKey = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

/** The operator API on one site (server/platform/README.md, "Operator API"). */
export const OPERATOR_SITE_CALLS = {
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
      .extend({
        lang: localeId,
        path: contentPath,
        title: cleanText(200),
        summary: cleanText(1000),
        content: cleanText(20_000),
      })
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
      .extend({
        lang: localeId,
        key: contentKey.optional(),
        title: cleanText(200),
        summary: cleanText(1000),
        content: cleanText(20_000),
      })
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
      .extend({
        lang: localeId,
        key: contentKey.optional(),
        type: instructionType,
        title: cleanText(200),
        content: cleanText(20_000),
      })
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
    roles: OVERSIGHT,
    summary:
      "The site's audit log, newest first, filtered by type, account, operator and UTC days (append-only: no call changes or deletes an entry)",
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
    summary:
      "Where a crypto deposit option's addresses come from, how many are given out, and which member holds which (with its derivation index)",
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
    roles: OVERSIGHT,
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
  operatorMember: call({
    method: "GET",
    path: "/operator/sites/:siteId/accounts/:account",
    auth: "operator",
    roles: SUPPORT,
    summary:
      "One member for customer service, by account name: balances, open bets and positions, the latest deposits and withdrawals, limits and breaks, and recent audit entries about them (account_not_found: no such account on the site)",
    params: siteParams.extend({ account }),
    data: memberOverview,
  }),
  operatorFindMember: call({
    method: "GET",
    path: "/operator/sites/:siteId/member",
    auth: "operator",
    roles: SUPPORT,
    summary:
      "One member for customer service, found by exactly one of account, mobile number (national, or with its area code) or member id: the same page as operatorMember (account_not_found: none; mobile_ambiguous: a national number two area codes share)",
    params: siteParams,
    query: memberLookupQuery,
    data: memberOverview,
  }),
  operatorSiteDay: call({
    method: "GET",
    path: "/operator/sites/:siteId/days/:day/totals",
    auth: "operator",
    roles: OVERSIGHT,
    summary:
      "A site's UTC day from its members' ledgers: deposits credited, withdrawals paid, bets placed, and the house's net from bets and positions",
    params: siteParams.extend({ day: exportDay }),
    data: siteDayTotals,
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
} as const;
