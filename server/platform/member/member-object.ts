import { DurableObject } from "cloudflare:workers";
import { loggedAlarm } from "../alarm-log";
import type { Position } from "../../contract";
import type { CallArgs } from "../call-args";
import type { Env } from "../env";
import { LIMIT_SCHEMA } from "../limits";
import type { MarketClose, MarketPosition } from "../market/positions";
import { bookmarkFor, restartOn } from "../pitr";
import { ok, type Result } from "../result";
import { applySchema } from "../schema-version";
import { answerClose } from "../websocket";
import * as alarms from "./alarms";
import { Betting } from "./betting";
import * as campaigns from "./campaign-calls";
import { memberDay, type MemberDay } from "./day-export";
import { checkLedger, type LedgerCheck } from "./ledger";
import { MemberState } from "./member-state";
import type * as money from "./money";
import * as idempotency from "./idempotency";
import * as messages from "./messages";
import * as moneyFlow from "./money-flow";
import * as passwords from "./passwords";
import { PositionFlow } from "./position-flow";
import * as positions from "./positions";
import * as profile from "./profile";
import * as protection from "./protection";
import * as protectionFlow from "./protection-flow";
import { MEMBER_SCHEMA } from "./schema";
import * as sessions from "./sessions";
import * as sms from "./sms";
import * as streams from "./streams";
import * as support from "./support";

export type { money };
// the types the handlers name
export type { InfoChanges } from "./profile";
export type { SmsReservation } from "./sms";

const MEMBER_OBJECT_SCHEMA = [
  ...MEMBER_SCHEMA,
  ...positions.POSITION_SCHEMA,
  ...protection.PROTECTION_SCHEMA,
  ...LIMIT_SCHEMA,
  // Sign-in failures are counted by the site's object now (per account name and address); the
  // rows of the account-wide count this object kept before are dropped once.
  `DELETE FROM attempts WHERE scope = 'signin'`,
  `DELETE FROM locks WHERE scope = 'signin'`,
];

/**
 * One member: profile, credentials, sessions and money, as one Durable Object (one per member).
 * This class is the object's face, a table of its calls: each goes to the module of its idea
 * with the state they all share (member-state.ts: the member gate and the atomic commit), and
 * takes that function's parameters (`CallArgs`). Then the stream's sockets and the alarm. A
 * member's requests are serialised by the object, so balance changes need no locks; every check
 * that follows an await is redone.
 */
export class MemberObject extends DurableObject<Env> {
  private readonly m: MemberState;
  private readonly betting: Betting;
  private readonly desk: PositionFlow;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    applySchema(ctx.storage, MEMBER_OBJECT_SCHEMA);
    this.m = new MemberState(ctx, env);
    this.betting = new Betting(this.m);
    this.desk = new PositionFlow(this.m, {
      finishOpen: (intent, market) => this.finishOpen(intent, market),
      closedBy: (close) => this.closedBy(close),
    });
  }

  /** GET /healthz (health.ts): the namespace reaches an instance, which answers. */
  ping(): "ok" {
    return "ok";
  }

  /** The member's profile row (kept on the object: a test's subclass reads it). */
  private profile() {
    return this.m.profile();
  }

  // profile and sessions (profile.ts, sessions.ts) ------------------------------------------

  create(...a: CallArgs<typeof profile.create>) {
    return profile.create(this.m, ...a);
  }
  signin(...a: CallArgs<typeof sessions.signin>) {
    return sessions.signin(this.m, ...a);
  }
  verify(...a: CallArgs<typeof sessions.verify>) {
    return sessions.verify(this.m, ...a);
  }
  signout(...a: CallArgs<typeof sessions.signout>) {
    return sessions.signout(this.m, ...a);
  }
  info(...a: CallArgs<typeof profile.info>) {
    return profile.info(this.m, ...a);
  }
  updateInfo(...a: CallArgs<typeof profile.updateInfo>) {
    return profile.updateInfo(this.m, ...a);
  }
  listenKey(...a: CallArgs<typeof sessions.listenKey>) {
    return sessions.listenKey(this.m, ...a);
  }
  checkListenKey(...a: CallArgs<typeof sessions.checkListenKey>) {
    return sessions.checkListenKey(this.m, ...a);
  }

  // money and play money (money-flow.ts) ------------------------------------------------------

  wallets(...a: CallArgs<typeof moneyFlow.wallets>) {
    return moneyFlow.wallets(this.m, ...a);
  }
  /** Invariant 2 (server/platform/README.md, "Invariants"): balances against postings, postings against zero. Read by the tests. */
  checkLedger(): LedgerCheck {
    return checkLedger(this.m.sql);
  }
  deposit(...a: CallArgs<typeof moneyFlow.deposit>) {
    return moneyFlow.deposit(this.m, ...a);
  }
  transfer(...a: CallArgs<typeof moneyFlow.transfer>) {
    return moneyFlow.transfer(this.m, ...a);
  }
  withdrawPreflight(...a: CallArgs<typeof moneyFlow.withdrawPreflight>) {
    return moneyFlow.withdrawPreflight(this.m, ...a);
  }
  withdraw(...a: CallArgs<typeof moneyFlow.withdraw>) {
    return moneyFlow.withdraw(this.m, ...a);
  }
  deposits(...a: CallArgs<typeof moneyFlow.deposits>) {
    return moneyFlow.deposits(this.m, ...a);
  }
  transfers(...a: CallArgs<typeof moneyFlow.transfers>) {
    return moneyFlow.transfers(this.m, ...a);
  }
  withdrawals(...a: CallArgs<typeof moneyFlow.withdrawals>) {
    return moneyFlow.withdrawals(this.m, ...a);
  }
  transactions(...a: CallArgs<typeof moneyFlow.transactions>) {
    return moneyFlow.transactions(this.m, ...a);
  }
  records(...a: CallArgs<typeof moneyFlow.records>) {
    return moneyFlow.records(this.m, ...a);
  }
  accountRecords(...a: CallArgs<typeof moneyFlow.accountRecords>) {
    return moneyFlow.accountRecords(this.m, ...a);
  }
  practice(...a: CallArgs<typeof moneyFlow.practiceAccount>) {
    return moneyFlow.practiceAccount(this.m, ...a);
  }
  resetPractice(...a: CallArgs<typeof moneyFlow.resetPractice>) {
    return moneyFlow.resetPractice(this.m, ...a);
  }
  bank(...a: CallArgs<typeof moneyFlow.bank>) {
    return moneyFlow.bank(this.m, ...a);
  }
  bankApply(...a: CallArgs<typeof moneyFlow.bankApply>) {
    return moneyFlow.bankApply(this.m, ...a);
  }
  reserveUpload(...a: CallArgs<typeof moneyFlow.reserveUpload>) {
    return moneyFlow.reserveUpload(this.m, ...a);
  }
  releaseUpload(...a: CallArgs<typeof moneyFlow.releaseUpload>) {
    moneyFlow.releaseUpload(this.m, ...a);
  }
  addUpload(...a: CallArgs<typeof moneyFlow.addUpload>) {
    return moneyFlow.addUpload(this.m, ...a);
  }
  uploads(...a: CallArgs<typeof moneyFlow.uploads>) {
    return moneyFlow.uploads(this.m, ...a);
  }
  upload(...a: CallArgs<typeof moneyFlow.upload>) {
    return moneyFlow.upload(this.m, ...a);
  }
  decideDeposit(...a: CallArgs<typeof moneyFlow.decideDeposit>) {
    return moneyFlow.decideDeposit(this.m, ...a);
  }
  decideWithdrawal(...a: CallArgs<typeof moneyFlow.decideWithdrawal>) {
    return moneyFlow.decideWithdrawal(this.m, ...a);
  }
  decideBank(...a: CallArgs<typeof moneyFlow.decideBank>) {
    return moneyFlow.decideBank(this.m, ...a);
  }

  // idempotency keys (idempotency.ts) and passwords (passwords.ts) --------------------------

  replayed(...a: CallArgs<typeof idempotency.replayed>) {
    return idempotency.replayed(this.m, ...a);
  }
  keepAnswer(...a: CallArgs<typeof idempotency.keepAnswer>) {
    return idempotency.keepAnswer(this.m, ...a);
  }
  beginSecretCheck(...a: CallArgs<typeof passwords.beginSecretCheck>) {
    return passwords.beginSecretCheck(this.m, ...a);
  }
  rightSecret(...a: CallArgs<typeof passwords.rightSecret>) {
    passwords.rightSecret(this.m, ...a);
  }
  wrongSecret(...a: CallArgs<typeof passwords.wrongSecret>) {
    return passwords.wrongSecret(this.m, ...a);
  }
  changePassword(...a: CallArgs<typeof passwords.changePassword>) {
    return passwords.changePassword(this.m, ...a);
  }
  changeTransactionPassword(...a: CallArgs<typeof passwords.changeTransactionPassword>) {
    return passwords.changeTransactionPassword(this.m, ...a);
  }
  resetPassword(...a: CallArgs<typeof passwords.resetPassword>) {
    return passwords.resetPassword(this.m, ...a);
  }

  // SMS codes (sms.ts) and messages to customer service (messages.ts) ------------------------

  reserveSms(...a: CallArgs<typeof sms.reserveSms>) {
    return sms.reserveSms(this.m, ...a);
  }
  smsSent(...a: CallArgs<typeof sms.smsSent>) {
    return sms.smsSent(this.m, ...a);
  }
  reserveResetSms(...a: CallArgs<typeof sms.reserveResetSms>) {
    return sms.reserveResetSms(this.m, ...a);
  }
  releaseSms(...a: CallArgs<typeof sms.releaseSms>) {
    sms.releaseSms(this.m, ...a);
  }
  verifyMobile(...a: CallArgs<typeof sms.verifyMobile>) {
    return sms.verifyMobile(this.m, ...a);
  }
  messages(...a: CallArgs<typeof messages.listMessages>) {
    return messages.listMessages(this.m, ...a);
  }
  sendMessage(...a: CallArgs<typeof messages.sendMessage>) {
    return messages.sendMessage(this.m, ...a);
  }
  message(...a: CallArgs<typeof messages.readMessage>) {
    return messages.readMessage(this.m, ...a);
  }
  replyMessage(...a: CallArgs<typeof messages.replyMessage>) {
    return messages.replyMessage(this.m, ...a);
  }
  operatorMessage(...a: CallArgs<typeof messages.operatorMessage>) {
    return messages.operatorMessage(this.m, ...a);
  }
  operatorReply(...a: CallArgs<typeof messages.operatorReply>) {
    return messages.operatorReply(this.m, ...a);
  }

  // campaigns (campaign-calls.ts) and player protection (protection-flow.ts) -------------------

  memberCampaigns(...a: CallArgs<typeof campaigns.memberCampaigns>) {
    return campaigns.memberCampaigns(this.m, ...a);
  }
  joinCampaign(...a: CallArgs<typeof campaigns.joinCampaign>) {
    return campaigns.joinCampaign(this.m, ...a);
  }
  protection(...a: CallArgs<typeof protectionFlow.protectionOf>) {
    return protectionFlow.protectionOf(this.m, ...a);
  }
  setLimit(...a: CallArgs<typeof protectionFlow.setLimit>) {
    return protectionFlow.setLimit(this.m, ...a);
  }
  confirmLimit(...a: CallArgs<typeof protectionFlow.confirmLimit>) {
    return protectionFlow.confirmLimit(this.m, ...a);
  }
  askToReturn(...a: CallArgs<typeof protectionFlow.askToReturn>) {
    return protectionFlow.askToReturn(this.m, ...a);
  }
  /** A break from a linked site (linked-sites.ts), for the same verified number only. */
  applyLinkedBreak(...a: CallArgs<typeof protectionFlow.applyLinkedBreak>) {
    return protectionFlow.applyLinkedBreak(this.m, ...a);
  }
  setRealityCheck(...a: CallArgs<typeof protectionFlow.setRealityCheck>) {
    return protectionFlow.setRealityCheck(this.m, ...a);
  }
  startBreak(...a: CallArgs<typeof protectionFlow.startBreak>) {
    return protectionFlow.startBreak(this.m, ...a);
  }
  realityCheck(...a: CallArgs<typeof protectionFlow.realityCheck>) {
    return protectionFlow.realityCheck(this.m, ...a);
  }
  continueRealityCheck(...a: CallArgs<typeof protectionFlow.continueRealityCheck>) {
    return protectionFlow.continueRealityCheck(this.m, ...a);
  }
  operatorProtection(...a: CallArgs<typeof protectionFlow.operatorProtection>) {
    return protectionFlow.operatorProtection(this.m, ...a);
  }
  operatorEndBreak(...a: CallArgs<typeof protectionFlow.operatorEndBreak>) {
    return protectionFlow.operatorEndBreak(this.m, ...a);
  }
  /** Customer service's view of the member (support.ts). */
  operatorOverview(...a: CallArgs<typeof support.operatorOverview>) {
    return support.operatorOverview(this.m, ...a);
  }

  // the game (betting.ts) -------------------------------------------------------------------

  placeOrder(...a: Parameters<Betting["placeOrder"]>) {
    return this.betting.placeOrder(...a);
  }
  orders(...a: Parameters<Betting["orders"]>) {
    return this.betting.orders(...a);
  }
  openOrders(...a: Parameters<Betting["openOrders"]>) {
    return this.betting.openOrders(...a);
  }
  applyResult(...a: Parameters<Betting["applyResult"]>) {
    return this.betting.applyResult(...a);
  }
  /** The alarm's settlement of ended periods (a method of the object: the tests crash right after it). */
  private settleDue(): Promise<number | null> {
    return this.betting.settleDue();
  }

  // contract trading (position-flow.ts) -----------------------------------------------------

  openPosition(...a: Parameters<PositionFlow["openPosition"]>) {
    return this.desk.openPosition(...a);
  }
  positions(...a: Parameters<PositionFlow["positions"]>) {
    return this.desk.positions(...a);
  }
  closePosition(...a: Parameters<PositionFlow["closePosition"]>) {
    return this.desk.closePosition(...a);
  }
  setPositionTriggers(...a: Parameters<PositionFlow["setPositionTriggers"]>) {
    return this.desk.setPositionTriggers(...a);
  }
  applyCloses(...a: Parameters<PositionFlow["applyCloses"]>) {
    return this.desk.applyCloses(...a);
  }
  checkPositions(...a: Parameters<PositionFlow["checkPositions"]>) {
    return this.desk.checkPositions(...a);
  }
  /** An open's second step (a method of the object: the fault tests crash around it). */
  private finishOpen(intent: positions.PositionRow, market: Result<MarketPosition | null>): Promise<Result<Position>> {
    return this.desk.finishOpen(intent, market);
  }
  /** A close the market answered with, applied (a method of the object: the fault tests crash before it). */
  private closedBy(close: MarketClose): Result<Position> {
    return this.desk.closedBy(close);
  }

  // the member's live stream (streams.ts) ---------------------------------------------------

  async fetch(request: Request): Promise<Response> {
    return streams.openStream(this.m, request);
  }

  webSocketMessage(): void {
    // One-way: the member's events flow out; nothing sent in changes anything.
  }

  webSocketClose(ws: WebSocket, code: number): void {
    answerClose(ws, code);
  }

  streamEventsWritten(): number {
    return streams.streamEventsWritten(this.m.sql);
  }

  // data you can get back (day-export.ts, ../pitr.ts) ----------------------------------------

  /** The member's part of a site's daily files, if the member is of that site. */
  exportDay(siteId: string, start: string, end: string): Result<MemberDay> {
    const member = this.m.memberOf(siteId);
    if (!member.ok) return member;
    const who = { memberId: member.data.member_id, account: member.data.account, currency: member.data.currency };
    return ok(this.ctx.storage.transactionSync(() => memberDay(this.m.sql, who, start, end, new Date().toISOString())));
  }

  /** The storage's bookmark for a point in time, if the member is of that site. */
  async restoreBookmark(siteId: string, atMs: number): Promise<Result<string>> {
    const member = this.m.memberOf(siteId);
    return member.ok ? bookmarkFor(this.ctx.storage, atMs) : member;
  }

  /** Restarts the object on a bookmark (the caller's stub breaks: the object aborts). */
  restoreTo(bookmark: string): Promise<Result<null>> {
    return restartOn(this.ctx, bookmark);
  }

  // the alarm (alarms.ts) -------------------------------------------------------------------

  /**
   * Settles ended periods, recovers opens whose request never came back, credits due rebates,
   * then delivers the outbox to the site (its operator queue and audit log) and pushes stream
   * events. Alarms run at least once and may re-run: every step is idempotent.
   */
  async alarm(): Promise<void> {
    const member = this.m.profile();
    if (!member) return;
    await loggedAlarm(this.env, "member", { siteId: member.site_id }, async () => {
      const retryAt = await this.settleDue();
      await this.desk.recoverIntents();
      await alarms.creditRebates(this.m, member.site_id);
      await alarms.deliverOutbox(this.m, member);
      await alarms.pushStream(this.m, member);
      this.m.scheduleAlarm(retryAt);
    });
  }
}
