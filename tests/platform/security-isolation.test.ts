import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALLS, fillPath, type CallName, type Envelope, type MessageCode } from "../../server/contract";
import { createPlatform, type Platform, type TestMember } from "../helpers/platform";
import { SHIFTED_CLOCK_ENTRY, shiftedClock } from "../helpers/shifted-clock";
import { bet, FAST_PAIR, fastPair, GAME_SITE, marketOf, openOrders } from "./game-helpers";
import {
  bankBody,
  bindBank,
  DEMO_OPTION,
  expectSoundLedger,
  fund,
  memberCall,
  memberIdOf,
  MONEY_SITE,
  PNG_1X1,
} from "./money-helpers";

/**
 * Tenant isolation at the platform (invariant 5, server/platform/README.md, "Invariants"), over
 * every member call of the contract: a token of another site, a forged token, and another
 * member's ids are refused with the right code, and the member they aim at is left exactly as
 * they were.
 */
const SITE = "iso-a";
const OTHER_SITE = "iso-b";
/** an opt-in campaign nobody joined: a join through a foreign token would show in the victim's campaigns */
const BONUS_RULE = {
  kind: "deposit_bonus",
  key: "iso-bonus",
  optIn: true,
  startsAt: "2020-01-01T00:00:00.000Z",
  endsAt: null,
  endedAt: null,
  cap: 10_000,
  percentBp: 1000,
  deposits: "each",
  wagering: 5,
} as const;
const CONFIG = {
  ...MONEY_SITE,
  pairs: GAME_SITE.pairs,
  odds: GAME_SITE.odds,
  minBetAmount: 100,
  maxBetAmount: 100_000,
  campaignRules: [BONUS_RULE],
};

type MemberCall = { [N in CallName]: (typeof CALLS)[N]["auth"] extends "member" ? N : never }[CallName];
const MEMBER_CALLS = (Object.keys(CALLS) as CallName[])
  .filter((name): name is MemberCall => CALLS[name].auth === "member")
  .sort();

/** What the victim owns: every kind of id a member call could be handed. */
interface Victim {
  member: TestMember;
  threadId: string;
  fileIds: { idFrontFileId: string; idBackFileId: string; passbookFileId: string };
  depositId: string;
  transferId: string;
  withdrawalId: string;
  orderId: string;
  positionId: string;
}

interface Input {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

interface Case {
  /** a request that would succeed for the victim (the attacker even knows the victim's passwords and ids) */
  input: (v: Victim) => Input;
  /** what another member of the same site is answered when the request names the victim's id */
  foreignId?: MessageCode;
  /** the ids in a list answer: none may be the victim's */
  listed?: (data: unknown) => string[];
}

const items = (data: unknown) => (data as { items: { id: string }[] }).items.map((i) => i.id);

/** Every member call; the type makes a missing one a compile error, the first test a missing one at run time. */
const TABLE: Record<MemberCall, Case> = {
  accessTokenVerify: { input: () => ({}) },
  signout: { input: () => ({}) },
  playerInfo: { input: () => ({}) },
  updatePlayerInfo: { input: () => ({ body: { realName: "Changed By Someone Else" } }) },
  listenKey: { input: () => ({}) },
  wallets: { input: () => ({}) },
  press: { input: () => ({ params: { siteId: SITE }, query: { lang: "en_US" } }) },
  campaign: { input: () => ({ params: { siteId: SITE }, query: { lang: "en_US" } }) },
  instruction: { input: () => ({ params: { siteId: SITE }, query: { lang: "en_US", type: "rules" } }) },
  deposit: { input: () => ({ body: { optionId: DEMO_OPTION.id, amount: 5_000 } }) },
  deposits: { input: () => ({ query: {} }), listed: items },
  transfer: { input: () => ({ body: { direction: "out", gameCode: "binary", amount: 100 } }) },
  transfers: { input: () => ({ query: {} }), listed: items },
  transactions: { input: () => ({ query: {} }), listed: items },
  withdraw: { input: (v) => ({ body: { amount: 1_000, transactionPassword: v.member.transactionPassword } }) },
  withdrawals: { input: () => ({ query: {} }), listed: items },
  records: {
    input: () => ({ query: {} }),
    listed: (data) => (data as { items: { reference: string }[] }).items.map((i) => i.reference),
  },
  accountRecords: {
    input: () => ({ query: {} }),
    listed: (data) => (data as { items: { reference: string }[] }).items.map((i) => i.reference),
  },
  bank: { input: () => ({}) },
  bankApply: { input: (v) => ({ body: bankBody(v.fileIds) }), foreignId: "file_not_found" },
  upload: { input: () => ({ body: { kind: "id_front" } }) },
  uploads: { input: () => ({}), listed: (data) => (data as { fileId: string }[]).map((f) => f.fileId) },
  uploadFile: { input: (v) => ({ params: { fileId: v.fileIds.idFrontFileId } }), foreignId: "file_not_found" },
  changePassword: { input: (v) => ({ body: { oldPassword: v.member.password, newPassword: "taken-over-1" } }) },
  changeTransactionPassword: {
    input: (v) => ({
      body: { oldTransactionPassword: v.member.transactionPassword, newTransactionPassword: "taken-over-2" },
    }),
  },
  smsSend: { input: () => ({ body: { purpose: "verify_mobile" } }) },
  smsVerify: { input: () => ({ body: { code: "123456" } }) },
  messages: { input: () => ({ query: {} }), listed: items },
  sendMessage: { input: () => ({ body: { title: "Hello", content: "Written by someone else" } }) },
  message: { input: (v) => ({ params: { id: v.threadId } }), foreignId: "message_not_found" },
  replyMessage: {
    input: (v) => ({ params: { id: v.threadId }, body: { content: "Written by someone else" } }),
    foreignId: "message_not_found",
  },
  placeOrder: {
    input: () => ({ body: { pair: FAST_PAIR, periodNo: "202501010001", option: "high", amount: 100, mode: "real" } }),
  },
  orders: { input: () => ({ query: { status: "all" } }), listed: items },
  ticketQuery: { input: () => ({}), listed: (data) => (data as { id: string }[]).map((o) => o.id) },
  memberCampaigns: { input: () => ({}) },
  joinCampaign: { input: () => ({ params: { key: BONUS_RULE.key }, body: {} }) },
  openPosition: {
    input: () => ({ body: { pair: FAST_PAIR, side: "long", margin: 1000, leverage: 10, seenPrice: 1, mode: "real" } }),
  },
  positions: { input: () => ({ query: { status: "open" } }), listed: items },
  setPositionTriggers: {
    input: (v) => ({ params: { id: v.positionId }, body: { takeProfit: null, stopLoss: null, mode: "real" } }),
    foreignId: "position_not_found",
  },
  closePosition: {
    input: (v) => ({ params: { id: v.positionId }, body: { mode: "real" } }),
    foreignId: "position_not_found",
  },
  // player protection: a limit or a break set through a foreign token would show in the victim's state
  protection: { input: () => ({}) },
  setLimit: { input: () => ({ body: { kind: "deposit", period: "day", amount: 1_000 } }) },
  setRealityCheck: { input: () => ({ body: { minutes: 15 } }) },
  confirmLimit: { input: () => ({ body: { kind: "deposit", period: "day" } }) },
  askToReturn: { input: () => ({ body: {} }) },
  startBreak: { input: () => ({ body: { kind: "exclusion", duration: "5y", confirm: true } }) },
  realityCheck: { input: () => ({}) },
  continueRealityCheck: { input: () => ({ body: {} }) },
  practice: { input: () => ({}) },
  resetPractice: { input: () => ({ body: {} }) },
};

let platform: Platform;
/** the platform's running clock, moved ahead where a bet's period must start or end (tests/helpers/shifted-clock.ts) */
let clock: ReturnType<typeof shiftedClock>;
let victim: Victim;
/** the same account name on the other site */
let twin: TestMember;
/** another member of the victim's site */
let neighbour: TestMember;

/** A member call with any token and site header; multipart for `upload`, an Idempotency-Key where needed. */
async function send(
  name: MemberCall,
  token: string,
  siteId: string,
  input: Input,
): Promise<{ status: number; envelope: Envelope; bytes: Buffer }> {
  const spec = CALLS[name];
  let path = fillPath(spec.path, input.params);
  if (input.query && Object.keys(input.query).length > 0) path += `?${new URLSearchParams(input.query)}`;
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, "X-Site-Id": siteId };
  if ("idempotent" in spec) headers["Idempotency-Key"] = randomUUID();
  let body: BodyInit | undefined;
  if ("multipart" in spec) {
    const form = new FormData();
    for (const [k, v] of Object.entries((input.body ?? {}) as Record<string, string>)) form.set(k, v);
    form.set("file", new Blob([new Uint8Array(PNG_1X1)], { type: "image/png" }), "document.png");
    const encoded = new Response(form);
    headers["Content-Type"] = encoded.headers.get("Content-Type")!;
    body = Buffer.from(await encoded.arrayBuffer());
  } else if (input.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(input.body);
  }
  const response = await platform.fetch(path, { method: spec.method, headers, body });
  const bytes = Buffer.from(await response.arrayBuffer());
  const isJson = (response.headers.get("content-type") ?? "").startsWith("application/json");
  return { status: response.status, envelope: (isJson ? JSON.parse(bytes.toString()) : {}) as Envelope, bytes };
}

/** A token in the platform's format, with its parts swapped: what a forger could make from their own. */
function forge(token: string, changes: { siteId?: string; memberId?: string }): string {
  const [siteId, memberId, id, secret] = Buffer.from(token, "base64url").toString().split(".");
  return Buffer.from([changes.siteId ?? siteId, changes.memberId ?? memberId, id, secret].join(".")).toString(
    "base64url",
  );
}

/** Everything the victim can see of themselves, through their own token. */
async function snapshot(v: Victim): Promise<unknown> {
  const m = v.member;
  const read = async (name: MemberCall, input: Input = {}) => {
    const r = await send(name, m.token, m.siteId, input);
    expect(r.status, `${name}: ${r.envelope.message}`).toBe(200);
    return name === "uploadFile" ? createHash("sha256").update(r.bytes).digest("hex") : r.envelope.data;
  };
  return {
    verify: await read("accessTokenVerify"),
    info: await read("playerInfo"),
    wallets: await read("wallets"),
    deposits: await read("deposits", { query: { pageSize: "100" } }),
    transfers: await read("transfers", { query: { pageSize: "100" } }),
    withdrawals: await read("withdrawals", { query: { pageSize: "100" } }),
    records: await read("records", { query: { pageSize: "100" } }),
    bank: await read("bank"),
    uploads: await read("uploads"),
    file: await read("uploadFile", { params: { fileId: v.fileIds.idFrontFileId } }),
    messages: await read("messages", { query: { pageSize: "100" } }),
    thread: await read("message", { params: { id: v.threadId } }),
    orders: await read("orders", { query: { status: "all", pageSize: "100" } }),
    campaigns: await read("memberCampaigns"),
    positions: await read("positions", { query: { status: "open" } }),
    protection: await read("protection"),
    // not the minutes played (the clock runs): when the next check is due, which a "continue" moves
    reality: ((r) => ({ dueAt: r.dueAt, intervalMinutes: r.intervalMinutes }))(
      (await read("realityCheck")) as { dueAt: string; intervalMinutes: number },
    ),
  };
}

/** A member with one of everything: a deposit, a transfer, a thread, documents, a bank account, a withdrawal, a settled bet. */
async function makeVictim(): Promise<Victim> {
  const m = await platform.signupMember(SITE);
  await fund(platform, m, 100_000);
  const deposits = await memberCall(platform, m, "deposits", { query: {} });
  const transfer = await memberCall(platform, m, "transfer", {
    body: { direction: "in", gameCode: "binary", amount: 20_000 },
  });
  const thread = await memberCall(platform, m, "sendMessage", { body: { title: "Mine", content: "Only mine" } });
  await bindBank(platform, m);
  const uploads = (await memberCall(platform, m, "uploads")).envelope.data!;
  const fileOf = (kind: string) => uploads.find((u) => u.kind === kind)!.fileId;
  const withdrawal = await memberCall(platform, m, "withdraw", {
    body: { amount: 5_000, transactionPassword: m.transactionPassword },
  });
  expect(withdrawal.envelope.statusCode, withdrawal.envelope.message).toBe(200);

  // a bet, settled before anyone looks, so that nothing changes by itself while the test runs
  let orderId = "";
  while (!orderId) {
    const market = await marketOf(platform);
    const placed = await bet(platform, m, {
      pair: FAST_PAIR,
      periodNo: market.next.periodNo,
      option: "high",
      amount: 1_000,
    });
    if (placed.envelope.statusCode === 200) {
      orderId = placed.envelope.data!.id;
    } else {
      // in the second before the next period starts no period takes bets, and on a busy machine
      // the period read may have started by the time the bet arrives: the one after it will
      // take bets once the clock has moved past that start
      expect(["betting_forbidden", "period_started"]).toContain(placed.envelope.message);
      await clock.jumpTo(Date.parse(market.next.startsAt) + 100);
    }
  }
  // past the end of the bet's period and its close's beacon round (at most 3 s later): the market's next alarm settles it
  await clock.jumpTo(Date.parse((await openOrders(platform, m))[0]!.endsAt) + 3_100);
  const deadline = Date.now() + 15_000;
  while ((await openOrders(platform, m)).length > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await openOrders(platform, m)).toEqual([]);
  // an open position (10× leverage: its stop-out is about 9 % away, far beyond the test pair's walk)
  const opened = await memberCall(platform, m, "openPosition", {
    body: { pair: FAST_PAIR, side: "long", margin: 1_000, leverage: 10, seenPrice: (await marketOf(platform)).price! },
  });
  expect(opened.envelope.statusCode, opened.envelope.message).toBe(200);

  return {
    member: m,
    threadId: thread.envelope.data!.id,
    fileIds: { idFrontFileId: fileOf("id_front"), idBackFileId: fileOf("id_back"), passbookFileId: fileOf("passbook") },
    depositId: deposits.envelope.data!.items[0]!.id,
    transferId: transfer.envelope.data!.id,
    withdrawalId: withdrawal.envelope.data!.id,
    orderId,
    positionId: opened.envelope.data!.id,
  };
}

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: SHIFTED_CLOCK_ENTRY });
  clock = shiftedClock(platform);
  await platform.operator("operatorPutPair", { params: { pair: FAST_PAIR }, body: fastPair() });
  await platform.seedSite(SITE, CONFIG);
  await platform.seedSite(OTHER_SITE, CONFIG);
  victim = await makeVictim();
  twin = await platform.signupMember(OTHER_SITE, { account: victim.member.account, mobile: victim.member.mobile });
  neighbour = await platform.signupMember(SITE);
}, 90_000);
afterAll(() => platform.dispose());

const victimIds = () => [
  victim.threadId,
  victim.depositId,
  victim.transferId,
  victim.withdrawalId,
  victim.orderId,
  ...Object.values(victim.fileIds),
];

describe("tenant isolation over every member call", () => {
  it("covers every member call of the contract", () => {
    expect(Object.keys(TABLE).sort()).toEqual(MEMBER_CALLS);
  });

  it("has member ids of at least 96 random bits: random UUIDs", () => {
    for (const m of [victim.member, twin, neighbour]) {
      // version 4, variant 10xx: 122 random bits
      expect(memberIdOf(m)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(memberIdOf(twin)).not.toBe(memberIdOf(victim.member));
    // and the other ids a call takes: 16 random bytes, base64url
    for (const id of victimIds().filter((id) => id !== victim.orderId))
      expect(Buffer.from(id, "base64url")).toHaveLength(16);
  });

  it("refuses the same-named account's token of another site with 402, on every call, changing nothing", async () => {
    const before = await snapshot(victim);
    for (const name of MEMBER_CALLS) {
      const r = await send(name, twin.token, SITE, TABLE[name].input(victim));
      expect({ name, status: r.status, envelope: r.envelope }).toEqual({
        name,
        status: 402,
        envelope: { statusCode: 402, message: "invalid_permission" },
      });
    }
    expect(await snapshot(victim)).toEqual(before);
    // the twin's own session was not touched either (signout was among the calls)
    expect((await send("accessTokenVerify", twin.token, OTHER_SITE, {})).status).toBe(200);
  });

  it("refuses a forged token naming this site (or the victim) with another site's session, on every call, changing nothing", async () => {
    const before = await snapshot(victim);
    const forgeries = [
      forge(twin.token, { siteId: SITE }),
      forge(twin.token, { siteId: SITE, memberId: memberIdOf(victim.member) }),
    ];
    for (const token of forgeries) {
      for (const name of MEMBER_CALLS) {
        const r = await send(name, token, SITE, TABLE[name].input(victim));
        expect({ name, status: r.status, message: r.envelope.message }).toEqual({
          name,
          status: 402,
          message: "invalid_permission",
        });
      }
    }
    expect(await snapshot(victim)).toEqual(before);
  });

  it("refuses a member asking by path for another site's content with 403", async () => {
    for (const name of MEMBER_CALLS.filter((n) => CALLS[n].path.includes(":siteId"))) {
      const r = await send(name, twin.token, OTHER_SITE, TABLE[name].input(victim));
      expect({ name, status: r.status, message: r.envelope.message }).toEqual({
        name,
        status: 403,
        message: "invalid_permission",
      });
    }
  });

  it("answers another member's ids, on this site or another, as not found (400, never 404), with no bytes and nothing changed", async () => {
    const before = await snapshot(victim);
    const neighbourBank = (await memberCall(platform, neighbour, "bank")).envelope.data;
    for (const name of MEMBER_CALLS.filter((n) => TABLE[n].foreignId)) {
      for (const [who, siteId] of [
        [neighbour, SITE],
        [twin, OTHER_SITE],
      ] as const) {
        const r = await send(name, who.token, siteId, TABLE[name].input(victim));
        expect({ name, site: siteId, status: r.status, envelope: r.envelope }).toEqual({
          name,
          site: siteId,
          status: 400,
          envelope: { statusCode: 400, message: TABLE[name].foreignId },
        });
        expect(r.bytes.includes(PNG_1X1.subarray(0, 8))).toBe(false);
      }
    }
    expect(await snapshot(victim)).toEqual(before);
    expect((await memberCall(platform, neighbour, "bank")).envelope.data).toEqual(neighbourBank);
  });

  it("lists only the caller's own items: none of the victim's ids in any list of another member", async () => {
    const ids = new Set(victimIds());
    for (const name of MEMBER_CALLS.filter((n) => TABLE[n].listed)) {
      for (const [who, siteId] of [
        [neighbour, SITE],
        [twin, OTHER_SITE],
      ] as const) {
        const r = await send(name, who.token, siteId, TABLE[name].input(victim));
        expect(r.status, `${name}: ${r.envelope.message}`).toBe(200);
        expect(
          TABLE[name].listed!(r.envelope.data).filter((id) => ids.has(id)),
          `${name} of ${siteId}`,
        ).toEqual([]);
      }
    }
    // and the victim's own lists do hold them, so the check above can see them
    const own = await send("orders", victim.member.token, SITE, { query: { status: "all" } });
    expect(items(own.envelope.data)).toContain(victim.orderId);
  });

  it("keeps the victim's ledger sound", async () => {
    await expectSoundLedger(platform, [victim.member]);
  });
});
