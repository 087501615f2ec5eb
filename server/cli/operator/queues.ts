/** The operator's queues: deposits, withdrawals, bank applications and member messages. */
import { allFlag, idArg, reasonFlag, siteArg, status, userPath } from "./inputs";
import * as render from "./render";
import { UsageError, type CommandSpec, type Context } from "./spec";
import { CALLS } from "../../contract";
import { readAccountXpub } from "../../contract/hd-address";
import messageTexts from "../../../locales/en-US/messages.json";
import { BANK_DOCUMENTS } from "./tools";

const siteId = (ctx: Context) => ctx.args.siteId!;
const reason = (ctx: Context) => (typeof ctx.flags.reason === "string" ? ctx.flags.reason.trim() : "");
const itemParams = (ctx: Context) => ({ siteId: siteId(ctx), id: ctx.args.id! });
const memberParams = (ctx: Context) => ({ siteId: siteId(ctx), memberId: ctx.args.memberId! });
const threadParams = (ctx: Context) => ({ ...memberParams(ctx), id: ctx.args.id! });

const depositId = idArg(
  "id",
  "the deposit's id or its reference (8 characters, as the member wrote it in the transfer note), as `deposits` lists them",
);

/** A deposit reference (server/platform/money/payment.ts): 8 of 2–9 and A–Z without I and O. Ids are longer. */
const REFERENCE = /^[2-9A-HJ-NP-Z]{8}$/;

/**
 * The deposit an operator means: an id as given, or the pending deposit whose payment has this
 * reference (typed in any case). A reference is a way to find a deposit, not its key: when none
 * or more than one pending deposit has it, nothing is decided and the operator is asked for the id.
 */
async function depositParams(ctx: Context): Promise<{ siteId: string; id: string } | null> {
  const given = ctx.args.id!;
  if (!REFERENCE.test(given.toUpperCase())) return itemParams(ctx);
  const reference = given.toUpperCase();
  const answer = await ctx.platform.operator("operatorDeposits", {
    params: { siteId: siteId(ctx) },
    query: { status: "pending" },
  });
  if (answer.statusCode !== 200) {
    ctx.refused(answer, "listing the pending deposits");
    return null;
  }
  const matches = (answer.data ?? []).filter((d) => d.payment?.reference === reference);
  if (matches.length === 1) return { siteId: siteId(ctx), id: matches[0]!.id };
  ctx.fail(
    matches.length === 0
      ? `no pending deposit of ${siteId(ctx)} has the reference ${reference} (see \`deposits ${siteId(ctx)}\`)`
      : `${matches.length} pending deposits have the reference ${reference} (${matches.map((d) => d.id).join(", ")}): give the id`,
  );
  return null;
}

/**
 * Addresses from --file (any whitespace or commas between them) and --addresses "A,B C". Neither
 * flag is a usage error; what they hold that is not an address is a failure of the data (exit 1),
 * reported before anything is sent.
 */
function addressList(ctx: Context): string[] | { error: string } {
  const texts: string[] = [];
  if (typeof ctx.flags.file === "string") {
    try {
      texts.push(ctx.io.readText(userPath(ctx, ctx.flags.file)));
    } catch (error) {
      throw new UsageError(
        `cannot read --file ${ctx.flags.file}: ${(error as { code?: string }).code ?? String(error)}`,
        ctx.command,
      );
    }
  }
  if (typeof ctx.flags.addresses === "string") texts.push(ctx.flags.addresses);
  const addresses = [
    ...new Set(
      texts
        .join("\n")
        .split(/[\s,]+/)
        .filter((a) => a !== ""),
    ),
  ];
  if (addresses.length === 0)
    throw new UsageError("give the addresses with --file <path> or --addresses <list>", ctx.command);
  const bad = addresses.filter((a) => !/^[A-Za-z0-9]{20,100}$/.test(a));
  if (bad.length > 0)
    return { error: `not an address (20–100 letters and digits), nothing loaded: ${bad.slice(0, 3).join(", ")}` };
  if (addresses.length > 10_000) return { error: `${addresses.length} addresses: load at most 10000 at a time` };
  return addresses;
}

const optionArg = idArg("optionId", "the crypto deposit option, as `site` lists it (e.g. usdt-trc20)");
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
      const answer = await ctx.platform.operator("operatorDeposits", {
        params: { siteId: siteId(ctx) },
        query: { status: status(ctx) },
      });
      await ctx.show(answer, async (rows) =>
        render.deposits(rows, await ctx.money(siteId(ctx)), ctx.flags.all === true),
      );
    },
  },
  {
    name: "confirm-deposit",
    summary: "credit a pending deposit to the member's main account",
    args: [siteArg, depositId],
    flags: [],
    examples: ["confirm-deposit demo 01J9ZQ4M2T", "confirm-deposit demo7 K7M4Q9TX"],
    async run(ctx) {
      const params = await depositParams(ctx);
      if (!params) return;
      const answer = await ctx.platform.operator("operatorConfirmDeposit", { params, body: { reason: "" } });
      await ctx.show(answer, async (d) => render.deposit(d, await ctx.money(siteId(ctx))));
    },
  },
  {
    name: "refuse-deposit",
    summary: "refuse a pending deposit; the member sees the reason",
    args: [siteArg, depositId],
    flags: [reasonFlag],
    examples: [
      'refuse-deposit demo 01J9ZQ4M2T --reason "No transfer arrived"',
      'refuse-deposit demo K7M4Q9TX --reason "No transfer arrived"',
    ],
    async run(ctx) {
      const params = await depositParams(ctx);
      if (!params) return;
      const answer = await ctx.platform.operator("operatorRefuseDeposit", { params, body: { reason: reason(ctx) } });
      await ctx.show(answer, async (d) => render.deposit(d, await ctx.money(siteId(ctx))));
    },
  },
  {
    name: "add-deposit-addresses",
    summary: "load addresses into a crypto deposit option's pool (one already loaded is skipped)",
    details:
      'For an option whose crypto.assign is "member" (one address per member, kept) or "deposit" (a fresh one per deposit). ' +
      "A member asking for a deposit when no address is free is refused with deposit_address_unavailable: keep the pool stocked, " +
      "or give a per-member option your wallet's xpub (deposit-xpub), whose addresses never run out.",
    args: [siteArg, optionArg],
    flags: [
      {
        name: "file",
        type: "string",
        value: "path",
        help: "a file of addresses, one a line (or separated by spaces or commas)",
      },
      { name: "addresses", type: "string", value: "list", help: "addresses separated by commas or spaces" },
    ],
    examples: [
      "add-deposit-addresses demo2 usdt-trc20 --file addresses.txt",
      'add-deposit-addresses demo2 usdt-trc20 --addresses "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"',
    ],
    async run(ctx) {
      const addresses = addressList(ctx);
      if ("error" in addresses) return ctx.fail(addresses.error);
      const params = { siteId: siteId(ctx), optionId: ctx.args.optionId! };
      const answer = await ctx.platform.operator("operatorAddDepositAddresses", { params, body: { addresses } });
      await ctx.show(answer, render.addressPool);
    },
  },
  {
    name: "deposit-addresses",
    summary:
      "where a crypto deposit option's addresses come from, and which member holds which address (and derivation index)",
    details:
      "Prints the source (xpub or pool), the xpub, how many addresses were derived (indexes 0 … derived − 1, all of which " +
      "the operator's wallet must watch), the pool's free and given-out counts, then the holders, newest first: member, " +
      "account, index (xpub/0/<index>; none for a pool address) and address. --address finds who holds one address.",
    args: [siteArg, optionArg],
    flags: [
      { name: "address", type: "string", value: "address", help: "only the holder of this address" },
      { name: "page", type: "string", value: "n", help: "page number, from 1 (default 1)" },
      { name: "page-size", type: "string", value: "n", help: "holders per page, 1–100 (default 50)" },
    ],
    examples: [
      "deposit-addresses demo2 usdt-trc20",
      "deposit-addresses demo2 usdt-trc20 --address TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC",
    ],
    async run(ctx) {
      const query = CALLS.operatorDepositAddresses.query.safeParse({
        address: ctx.flags.address,
        page: ctx.flags.page,
        pageSize: ctx.flags["page-size"],
      });
      if (!query.success) {
        const flag = (field: unknown) => (field === "pageSize" ? "--page-size" : `--${String(field)}`);
        throw new UsageError(
          `the filter is not valid: ${query.error.issues.map((i) => `${flag(i.path[0])} ${i.message}`).join("; ")}`,
          ctx.command,
        );
      }
      const params = { siteId: siteId(ctx), optionId: ctx.args.optionId! };
      await ctx.show(
        await ctx.platform.operator("operatorDepositAddresses", { params, query: query.data }),
        render.addressView,
      );
    },
  },
  {
    name: "deposit-xpub",
    summary:
      "derive a crypto deposit option's addresses from your wallet's account xpub: one per member, never running out",
    details:
      "Give the account-level extended public key of the wallet that receives the deposits (BIP-44, e.g. of m/44'/195'/0' " +
      "for TRON). Member number i gets the address at xpub/0/i, kept for every later deposit. Never give the xprv: it is " +
      "refused here before anything is sent, and by the platform. Once a member has an address the xpub cannot be " +
      "replaced: open a new deposit option for a new wallet. Unpaid requests leave unused indexes, so watch every index " +
      "below `derived` (deposit-addresses) rather than relying on the wallet's gap limit.",
    args: [siteArg, optionArg],
    flags: [
      {
        name: "xpub",
        type: "string",
        value: "xpub",
        help: "the account's extended public key (xpub…)",
        required: true,
      },
    ],
    examples: ["deposit-xpub demo2 usdt-trc20 --xpub xpub6C…"],
    async run(ctx) {
      const xpub = String(ctx.flags.xpub ?? "").trim();
      // checked here first: a private key must not leave the operator's machine, even to be refused
      const read = readAccountXpub(xpub);
      if (!read.ok) return ctx.fail(`${read.code}: ${messageTexts[read.code]}`);
      const params = { siteId: siteId(ctx), optionId: ctx.args.optionId! };
      await ctx.show(
        await ctx.platform.operator("operatorSetDepositXpub", { params, body: { xpub: read.xpub } }),
        render.addressPool,
      );
    },
  },
  {
    name: "withdrawals",
    summary: "withdrawals waiting for a decision (--all: every one)",
    args: [siteArg],
    flags: [allFlag("withdrawal")],
    examples: ["withdrawals demo", "withdrawals demo --all"],
    async run(ctx) {
      const answer = await ctx.platform.operator("operatorWithdrawals", {
        params: { siteId: siteId(ctx) },
        query: { status: status(ctx) },
      });
      await ctx.show(answer, async (rows) =>
        render.withdrawals(rows, await ctx.money(siteId(ctx)), ctx.flags.all === true),
      );
    },
  },
  {
    name: "approve-withdrawal",
    summary:
      "approve a withdrawal (after paying it out): the hold is released; above the site's second-approval threshold, the first approval waits for another operator's",
    args: [siteArg, withdrawalId],
    flags: [],
    examples: ["approve-withdrawal demo 01J9ZR0B7K"],
    async run(ctx) {
      const answer = await ctx.platform.operator("operatorApproveWithdrawal", {
        params: itemParams(ctx),
        body: { reason: "" },
      });
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
      const answer = await ctx.platform.operator("operatorRejectWithdrawal", {
        params: itemParams(ctx),
        body: { reason: reason(ctx) },
      });
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
      const answer = await ctx.platform.operator("operatorApproveBank", {
        params: memberParams(ctx),
        body: { reason: "" },
      });
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
      const answer = await ctx.platform.operator("operatorRejectBank", {
        params: memberParams(ctx),
        body: { reason: reason(ctx) },
      });
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
      const answer = await ctx.platform.operator("operatorMessages", {
        params: { siteId: siteId(ctx) },
        query: { status: status(ctx) },
      });
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
      await ctx.show(
        await ctx.platform.operator("operatorReplyMessage", { params: threadParams(ctx), body: { content } }),
        render.thread,
      );
    },
  },
];
