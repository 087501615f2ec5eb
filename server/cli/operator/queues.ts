/** The operator's queues: deposits, withdrawals, bank applications and member messages. */
import { allFlag, idArg, reasonFlag, siteArg, status } from "./inputs";
import * as render from "./render";
import type { CommandSpec, Context } from "./spec";
import { BANK_DOCUMENTS } from "./tools";

const siteId = (ctx: Context) => ctx.args.siteId!;
const reason = (ctx: Context) => (typeof ctx.flags.reason === "string" ? ctx.flags.reason.trim() : "");
const itemParams = (ctx: Context) => ({ siteId: siteId(ctx), id: ctx.args.id! });
const memberParams = (ctx: Context) => ({ siteId: siteId(ctx), memberId: ctx.args.memberId! });
const threadParams = (ctx: Context) => ({ ...memberParams(ctx), id: ctx.args.id! });

const depositId = idArg("id", "the deposit's id, as `deposits` lists it");
const withdrawalId = idArg("id", "the withdrawal's id, as `withdrawals` lists it");
const memberId = idArg("memberId", "the member, as the list shows it");
const messageId = idArg("id", "the message's id, as `messages` lists it");

export const QUEUE_COMMANDS: CommandSpec[] = [
  {
    name: "deposits",
    summary: "deposits waiting for a decision (--all: every one)",
    args: [siteArg],
    flags: [allFlag("deposit")],
    examples: ["deposits demo", "deposits demo --all"],
    async run(ctx) {
      const answer = await ctx.platform.operator("operatorDeposits", { params: { siteId: siteId(ctx) }, query: { status: status(ctx) } });
      await ctx.show(answer, async (rows) => render.deposits(rows, await ctx.money(siteId(ctx)), ctx.flags.all === true));
    },
  },
  {
    name: "confirm-deposit",
    summary: "credit a pending deposit to the member's main account",
    args: [siteArg, depositId],
    flags: [],
    examples: ["confirm-deposit demo 01J9ZQ4M2T"],
    async run(ctx) {
      const answer = await ctx.platform.operator("operatorConfirmDeposit", { params: itemParams(ctx), body: { reason: "" } });
      await ctx.show(answer, async (d) => render.deposit(d, await ctx.money(siteId(ctx))));
    },
  },
  {
    name: "refuse-deposit",
    summary: "refuse a pending deposit; the member sees the reason",
    args: [siteArg, depositId],
    flags: [reasonFlag],
    examples: ['refuse-deposit demo 01J9ZQ4M2T --reason "No transfer arrived"'],
    async run(ctx) {
      const answer = await ctx.platform.operator("operatorRefuseDeposit", { params: itemParams(ctx), body: { reason: reason(ctx) } });
      await ctx.show(answer, async (d) => render.deposit(d, await ctx.money(siteId(ctx))));
    },
  },
  {
    name: "withdrawals",
    summary: "withdrawals waiting for a decision (--all: every one)",
    args: [siteArg],
    flags: [allFlag("withdrawal")],
    examples: ["withdrawals demo", "withdrawals demo --all"],
    async run(ctx) {
      const answer = await ctx.platform.operator("operatorWithdrawals", { params: { siteId: siteId(ctx) }, query: { status: status(ctx) } });
      await ctx.show(answer, async (rows) => render.withdrawals(rows, await ctx.money(siteId(ctx)), ctx.flags.all === true));
    },
  },
  {
    name: "approve-withdrawal",
    summary: "mark a withdrawal paid (after paying it out); the hold is released",
    args: [siteArg, withdrawalId],
    flags: [],
    examples: ["approve-withdrawal demo 01J9ZR0B7K"],
    async run(ctx) {
      const answer = await ctx.platform.operator("operatorApproveWithdrawal", { params: itemParams(ctx), body: { reason: "" } });
      await ctx.show(answer, async (w) => render.withdrawal(w, await ctx.money(siteId(ctx))));
    },
  },
  {
    name: "reject-withdrawal",
    summary: "reject a withdrawal: amount and fee return to the member's main account",
    args: [siteArg, withdrawalId],
    flags: [reasonFlag],
    examples: ['reject-withdrawal demo 01J9ZR0B7K --reason "The account name does not match"'],
    async run(ctx) {
      const answer = await ctx.platform.operator("operatorRejectWithdrawal", { params: itemParams(ctx), body: { reason: reason(ctx) } });
      await ctx.show(answer, async (w) => render.withdrawal(w, await ctx.money(siteId(ctx))));
    },
  },
  {
    name: "bank-applications",
    summary: "bank accounts waiting for review (--all: every application)",
    details: "To look at a member's ID card and passbook images: bank-documents <siteId> <memberId> --out <dir>.",
    args: [siteArg],
    flags: [allFlag("application")],
    examples: ["bank-applications demo", "bank-applications demo --all"],
    async run(ctx) {
      const answer = await ctx.platform.operator("operatorBankApplications", {
        params: { siteId: siteId(ctx) },
        query: { status: status(ctx) },
      });
      await ctx.show(answer, (rows) => render.bankApplications(rows, ctx.flags.all === true));
    },
  },
  {
    name: "approve-bank",
    summary: "approve a member's bank account",
    args: [siteArg, memberId],
    flags: [],
    examples: ["approve-bank demo m_3k9x2"],
    async run(ctx) {
      const answer = await ctx.platform.operator("operatorApproveBank", { params: memberParams(ctx), body: { reason: "" } });
      await ctx.show(answer, render.bankApplication);
    },
  },
  {
    name: "reject-bank",
    summary: "reject a bank application; the member sees the reason and may apply again",
    args: [siteArg, memberId],
    flags: [reasonFlag],
    examples: ['reject-bank demo m_3k9x2 --reason "The passbook photo is unreadable"'],
    async run(ctx) {
      const answer = await ctx.platform.operator("operatorRejectBank", { params: memberParams(ctx), body: { reason: reason(ctx) } });
      await ctx.show(answer, render.bankApplication);
    },
  },
  BANK_DOCUMENTS,
  {
    name: "messages",
    summary: "member messages awaiting a reply (--all: every thread)",
    args: [siteArg],
    flags: [allFlag("thread")],
    examples: ["messages demo", "messages demo --all"],
    async run(ctx) {
      const answer = await ctx.platform.operator("operatorMessages", { params: { siteId: siteId(ctx) }, query: { status: status(ctx) } });
      await ctx.show(answer, (rows) => render.messages(rows, ctx.flags.all === true));
    },
  },
  {
    name: "message",
    summary: "one message thread with its replies",
    args: [siteArg, memberId, messageId],
    flags: [],
    examples: ["message demo m_3k9x2 01J9ZS1C4D"],
    async run(ctx) {
      await ctx.show(await ctx.platform.operator("operatorMessage", { params: threadParams(ctx) }), render.thread);
    },
  },
  {
    name: "reply",
    summary: "reply to a member's message thread",
    args: [siteArg, memberId, messageId],
    flags: [
      {
        name: "text",
        type: "string",
        value: "text",
        required: true,
        help: "the reply the member reads",
        check: (value) => (value.trim().length > 5000 ? "at most 5000 characters" : undefined),
      },
    ],
    examples: ['reply demo m_3k9x2 01J9ZS1C4D --text "Your deposit has been credited."'],
    async run(ctx) {
      const content = (ctx.flags.text as string).trim();
      await ctx.show(await ctx.platform.operator("operatorReplyMessage", { params: threadParams(ctx), body: { content } }), render.thread);
    },
  },
];
