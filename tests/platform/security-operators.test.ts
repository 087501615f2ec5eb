import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPath, type AuditEntry, type CallName } from "../../server/contract";
import {
  createPlatform,
  type CallOptions,
  type Platform,
  type TestMember,
  type TestOperator,
} from "../helpers/platform";
import { fastPair } from "./game-helpers";
import {
  BANK_OPTION,
  bindBank,
  eventually,
  fund,
  memberCall,
  memberIdOf,
  MONEY_SITE,
  uploadAll,
} from "./money-helpers";

/**
 * Operators are people (server/platform/README.md, "Operators"). The finding replayed: one shared
 * key worked on every site, the audit log named no operator, and a document read was logged
 * without the member it belongs to. Now each operator has their own key, scoped to their sites and
 * roles, and every action's entry names the operator, the site and the member.
 */
const SITE = "ops-one";
const OTHER = "ops-two";
let platform: Platform;
/** support and finance on SITE only */
let clerk: TestOperator;
/** finance on both sites */
let cashier: TestOperator;
/** support on SITE only */
let helpdesk: TestOperator;
let member: TestMember;

beforeAll(async () => {
  platform = await createPlatform();
  await platform.seedSite(SITE, MONEY_SITE);
  await platform.seedSite(OTHER, MONEY_SITE);
  clerk = await platform.createOperator({
    name: "Clerk Chen",
    email: "chen@ops.example",
    sites: [SITE],
    roles: ["support", "finance"],
  });
  cashier = await platform.createOperator({ name: "Cashier Lin", sites: [SITE, OTHER], roles: ["finance"] });
  helpdesk = await platform.createOperator({ name: "Helpdesk Wu", sites: [SITE], roles: ["support"] });
  member = await platform.signupMember(SITE);
});
afterAll(() => platform?.dispose());

const as = <N extends CallName>(who: TestOperator | string, name: N, options: Omit<CallOptions<N>, "token">) =>
  platform.operator(name, options, typeof who === "string" ? who : who.key);

async function auditOf(siteId: string): Promise<AuditEntry[]> {
  const { envelope } = await platform.operator("operatorAudit", {
    params: { siteId },
    query: { pageSize: 200 } as never,
  });
  expect(envelope.statusCode, envelope.message).toBe(200);
  return envelope.data!.items;
}

/** The operator entry of one call, once it is there. */
const entryOf = (siteId: string, call: CallName, match: (e: AuditEntry) => boolean = () => true) =>
  eventually(async () =>
    (await auditOf(siteId)).find((e) => e.type === "operator_action" && e.details.call === call && match(e)),
  );

/** A document's bytes, read as an operator (a raw answer, not an envelope). */
const readFile = (key: string, siteId: string, fileId: string) =>
  platform.fetch(fillPath("/operator/sites/:siteId/files/:fileId", { siteId, fileId }), {
    headers: { Authorization: `Bearer ${key}` },
  });

describe("an operator's key works only on their sites", () => {
  it("refuses a key scoped to one site on another, exactly as a wrong key (no hint the site exists)", async () => {
    const own = await as(clerk, "operatorDeposits", { params: { siteId: SITE }, query: {} });
    expect(own.status, own.envelope.message).toBe(200);

    const elsewhere = await as(clerk, "operatorDeposits", { params: { siteId: OTHER }, query: {} });
    const nowhere = await as(clerk, "operatorDeposits", { params: { siteId: "ops-none" }, query: {} });
    const wrongKey = await as("not-a-key-of-anyone", "operatorDeposits", { params: { siteId: OTHER }, query: {} });
    expect(elsewhere).toEqual({ status: 403, envelope: { statusCode: 403, message: "invalid_permission" } });
    expect(nowhere).toEqual(elsewhere);
    expect(wrongKey).toEqual(elsewhere);
    // the key of another site's operator changes nothing there either
    const put = await as(clerk, "operatorRefuseDeposit", {
      params: { siteId: OTHER, id: "x".repeat(20) },
      body: { reason: "not mine" },
    });
    expect(put.status).toBe(403);
  });

  it("keeps calls that name no site (pairs, the registry) to admins of every site", async () => {
    const admin = await platform.createOperator({ name: "Site Admin", sites: [SITE], roles: ["admin"] });
    expect((await as(admin, "operatorPutSite", { params: { siteId: SITE }, body: { title: "Ops One" } })).status).toBe(
      200,
    );
    expect(await as(admin, "operatorList", {})).toMatchObject({
      status: 403,
      envelope: { message: "invalid_permission" },
    });
    expect(
      (await as(admin, "operatorCreate", { body: { name: "Escalated", sites: ["*"], roles: ["admin"] } })).status,
    ).toBe(403);
    expect((await as(admin, "operatorPairAudit", { params: { pair: "BTC-USDT" }, query: {} })).status).toBe(403);
  });

  it("answers any operator who they are (the back office's sign-in), and a wrong key nothing", async () => {
    const self = await as(clerk, "operatorSelf", {});
    expect(self.status).toBe(200);
    expect(self.envelope.data).toEqual({
      id: clerk.id,
      name: "Clerk Chen",
      email: "chen@ops.example",
      sites: [SITE],
      roles: ["finance", "support"],
    });
    expect((await as(helpdesk, "operatorSelf", {})).envelope.data).toMatchObject({
      id: helpdesk.id,
      roles: ["support"],
    });
    expect(await as("not-a-key", "operatorSelf", {})).toMatchObject({
      status: 403,
      envelope: { message: "invalid_permission" },
    });
  });
});

describe("roles", () => {
  it("refuses support an approval of a withdrawal, and finance a site's content", async () => {
    await fund(platform, member, 100_000);
    await bindBank(platform, member);
    const requested = await memberCall(platform, member, "withdraw", {
      body: { amount: 1_000, transactionPassword: member.transactionPassword },
    });
    expect(requested.envelope.statusCode, requested.envelope.message).toBe(200);
    const params = { siteId: SITE, id: requested.envelope.data!.id };

    const bySupport = await as(helpdesk, "operatorApproveWithdrawal", { params, body: { reason: "" } });
    expect(bySupport).toEqual({ status: 403, envelope: { statusCode: 403, message: "operator_role_missing" } });
    const byFinance = await as(cashier, "operatorPublishPress", {
      params: { siteId: SITE },
      body: { lang: "en_US", kind: "news", path: "", title: "Not mine", summary: "s", content: "c" },
    });
    expect(byFinance.envelope.message).toBe("operator_role_missing");
    const everySiteSupport = await platform.createOperator({ name: "Night Shift", sites: ["*"], roles: ["support"] });
    expect((await as(everySiteSupport, "operatorList", {})).envelope.message).toBe("operator_role_missing");

    // the attempt is on the record, under its operator; the withdrawal is still pending
    const attempt = await entryOf(SITE, "operatorApproveWithdrawal", (e) => e.operator?.id === helpdesk.id);
    expect(attempt.details).toMatchObject({ outcome: "operator_role_missing", site: SITE });
    const pending = await as(cashier, "operatorWithdrawals", { params: { siteId: SITE }, query: {} });
    expect(pending.envelope.data!.find((w) => w.id === params.id)?.status).toBe("pending");
  });

  it("lets support or finance read a member's document, and no one else", async () => {
    const files = await uploadAll(platform, member);
    const contentOnly = await platform.createOperator({ name: "Editor Ho", sites: [SITE], roles: ["admin"] });
    expect((await readFile(helpdesk.key, SITE, files.passbookFileId)).status).toBe(200);
    expect((await readFile(cashier.key, SITE, files.passbookFileId)).status).toBe(200);
    const byAdmin = await readFile(contentOnly.key, SITE, files.passbookFileId);
    expect(byAdmin.status).toBe(403);
    expect(((await byAdmin.json()) as { message: string }).message).toBe("operator_role_missing");
  });
});

describe("keys of their own", () => {
  it("rotating one operator's key kills the old one at once and leaves the others", async () => {
    const temp = await platform.createOperator({ name: "Rotating Kao", sites: [SITE], roles: ["finance"] });
    const rotated = await platform.operator("operatorRotateKey", { params: { operatorId: temp.id }, body: {} });
    expect(rotated.status, rotated.envelope.message).toBe(200);
    const newKey = rotated.envelope.data!.key;
    expect(newKey).not.toBe(temp.key);

    expect((await as(temp, "operatorDeposits", { params: { siteId: SITE }, query: {} })).status).toBe(403);
    expect((await as(newKey, "operatorDeposits", { params: { siteId: SITE }, query: {} })).status).toBe(200);
    expect((await as(cashier, "operatorDeposits", { params: { siteId: SITE }, query: {} })).status).toBe(200);
  });

  it("revoking one operator leaves another working", async () => {
    const a = await platform.createOperator({ name: "Leaving Lee", sites: [SITE], roles: ["finance"] });
    const b = await platform.createOperator({ name: "Staying Su", sites: [SITE], roles: ["finance"] });
    const revoked = await platform.operator("operatorRevoke", { params: { operatorId: a.id }, body: {} });
    expect(revoked.status, revoked.envelope.message).toBe(200);
    expect(revoked.envelope.data!.revokedAt).not.toBeNull();

    expect((await as(a, "operatorDeposits", { params: { siteId: SITE }, query: {} })).status).toBe(403);
    expect((await as(b, "operatorDeposits", { params: { siteId: SITE }, query: {} })).status).toBe(200);
    // a revoked operator stays revoked: no rotation brings them back
    expect(
      (await platform.operator("operatorRotateKey", { params: { operatorId: a.id }, body: {} })).envelope.message,
    ).toBe("operator_not_found");
  });

  it("never shows a key again and keeps only what names the operator", async () => {
    const list = await platform.operator("operatorList", {});
    expect(list.status).toBe(200);
    const text = JSON.stringify(list.envelope.data);
    for (const o of [clerk, cashier, helpdesk]) {
      expect(text).not.toContain(o.key.split(".")[1]!);
      expect(list.envelope.data!.find((x) => x.id === o.id)).toMatchObject({ name: o.name, revokedAt: null });
    }
    expect(list.envelope.data!.find((x) => x.id === clerk.id)).toMatchObject({
      email: "chen@ops.example",
      sites: [SITE],
      roles: ["finance", "support"],
    });
  });

  it("refuses an email another operator has", async () => {
    const taken = await platform.operator("operatorCreate", {
      body: { name: "Twin", email: "CHEN@ops.example", sites: [SITE], roles: ["support"] },
    });
    expect(taken.envelope.message).toBe("operator_email_taken");
  });

  it("never revokes the last admin of every site, not even by their own hand", async () => {
    const p = await createPlatform();
    try {
      const first = await p.operator("operatorCreate", {
        body: { name: "Only Admin", sites: ["*"], roles: ["admin"] },
      });
      const only = first.envelope.data!;
      const self = await p.operator("operatorRevoke", { params: { operatorId: only.operator.id }, body: {} }, only.key);
      expect(self.envelope.message).toBe("operator_last_admin");
      expect((await p.operator("operatorList", {}, only.key)).status).toBe(200);

      const second = (
        await p.operator("operatorCreate", {
          body: { name: "Second Admin", sites: ["*"], roles: ["admin", "support"] },
        })
      ).envelope.data!;
      expect(
        (await p.operator("operatorRevoke", { params: { operatorId: only.operator.id }, body: {} }, second.key)).status,
      ).toBe(200);
      expect(
        (await p.operator("operatorRevoke", { params: { operatorId: second.operator.id }, body: {} }, second.key))
          .envelope.message,
      ).toBe("operator_last_admin");
    } finally {
      await p.dispose();
    }
  });
});

describe("the audit log names the operator, the site and the member", () => {
  const named = (o: TestOperator) => ({ operator: { id: o.id, name: o.name }, actor: "operator" });

  it("names the member a document belongs to when an operator reads it", async () => {
    const files = await uploadAll(platform, member);
    expect((await readFile(clerk.key, SITE, files.idFrontFileId)).status).toBe(200);
    const entry = await entryOf(SITE, "operatorFile", (e) => e.details.fileId === files.idFrontFileId);
    expect(entry).toMatchObject({
      ...named(clerk),
      memberId: memberIdOf(member),
      details: { site: SITE, outcome: "ok" },
    });
  });

  it("names the operator on a deposit decision, in the action and in the member's own entry", async () => {
    const deposit = await memberCall(platform, member, "deposit", {
      body: { optionId: BANK_OPTION.id, amount: 25_000 },
    });
    const id = deposit.envelope.data!.id;
    const confirmed = await eventually(async () => {
      const r = await as(cashier, "operatorConfirmDeposit", { params: { siteId: SITE, id }, body: {} });
      return r.envelope.message === "invalid_parameters" ? null : r;
    });
    expect(confirmed.status, confirmed.envelope.message).toBe(200);

    const action = await entryOf(SITE, "operatorConfirmDeposit", (e) => e.details.id === id);
    expect(action).toMatchObject({
      ...named(cashier),
      account: member.account,
      memberId: memberIdOf(member),
      details: { site: SITE },
    });
    const decision = await eventually(async () =>
      (await auditOf(SITE)).find((e) => e.type === "deposit_confirmed" && e.details.depositId === id),
    );
    expect(decision).toMatchObject({ ...named(cashier), memberId: memberIdOf(member) });

    // one operator's actions, by id
    const { envelope } = await platform.operator("operatorAudit", {
      params: { siteId: SITE },
      query: { operator: cashier.id, pageSize: 200 } as never,
    });
    expect(envelope.data!.items.length).toBeGreaterThan(0);
    expect(envelope.data!.items.every((e: AuditEntry) => e.operator?.id === cashier.id)).toBe(true);
  });

  it("names the member of a refused decision too, and the owner key by its name", async () => {
    const refused = await as(cashier, "operatorRefuseDeposit", {
      params: { siteId: SITE, id: "no-such-deposit" },
      body: { reason: "x" },
    });
    expect(refused.envelope.message).toBe("invalid_parameters");
    const thread = await memberCall(platform, member, "sendMessage", {
      body: { title: "Help", content: "Where is my money?" },
    });
    const params = { siteId: SITE, memberId: memberIdOf(member), id: thread.envelope.data!.id };
    expect((await platform.operator("operatorMessage", { params })).status).toBe(200);
    const read = await entryOf(SITE, "operatorMessage", (e) => e.details.id === params.id);
    expect(read).toMatchObject({
      operator: { id: "owner", name: "owner" },
      memberId: params.memberId,
      details: { site: SITE },
    });
  });

  it("names the operator of a pair's change in the pair's own log", async () => {
    const admin = (
      await platform.operator("operatorCreate", { body: { name: "Pair Admin", sites: ["*"], roles: ["admin"] } })
    ).envelope.data!;
    const put = await platform.operator(
      "operatorPutPair",
      { params: { pair: "OPS-USDT" }, body: fastPair({ name: "OPS Walk" }) },
      admin.key,
    );
    expect(put.status, put.envelope.message).toBe(200);
    const history = await platform.operator(
      "operatorPairAudit",
      { params: { pair: "OPS-USDT" }, query: {} },
      admin.key,
    );
    expect(history.envelope.data![0]).toMatchObject({
      action: "pair_created",
      details: { operatorId: admin.operator.id, operatorName: "Pair Admin" },
    });
  });
});

describe("the registry's own log", () => {
  it("names who added an operator, issued them a new key and revoked them, with what they were given", async () => {
    const admin = (
      await platform.operator("operatorCreate", { body: { name: "Registry Admin", sites: ["*"], roles: ["admin"] } })
    ).envelope.data!;
    const added = await platform.operator(
      "operatorCreate",
      { body: { name: "New Cashier", email: "new.cashier@ops.example", sites: [SITE], roles: ["finance"] } },
      admin.key,
    );
    expect(added.status, added.envelope.message).toBe(200);
    const subject = added.envelope.data!.operator.id;
    const opts = { params: { operatorId: subject }, body: {} };
    expect((await platform.operator("operatorRotateKey", opts, admin.key)).status).toBe(200);
    expect((await platform.operator("operatorRevoke", opts, admin.key)).status).toBe(200);
    // a refused change is not an entry: the operator is revoked already
    expect((await platform.operator("operatorRevoke", opts, admin.key)).envelope.message).toBe("operator_not_found");

    const log = await platform.operator("operatorRegistryAudit", { query: {} }, admin.key);
    expect(log.status, log.envelope.message).toBe(200);
    const about = log.envelope.data!.filter((e) => e.operatorId === subject);
    // newest first, each under the admin who did it
    expect(about.map((e) => e.action)).toEqual(["operator_revoked", "key_rotated", "operator_added"]);
    for (const entry of about) {
      expect(entry.by).toEqual({ id: admin.operator.id, name: "Registry Admin" });
      expect(entry).toMatchObject({ name: "New Cashier", sites: [SITE], roles: ["finance"] });
    }
    // the registry's first admin came with the owner key: its entry names the owner
    expect(log.envelope.data!.find((e) => e.operatorId === admin.operator.id)).toMatchObject({
      action: "operator_added",
      by: { id: "owner" },
      sites: ["*"],
      roles: ["admin"],
    });
  });

  it("is read only by admins of every site", async () => {
    for (const who of [clerk, cashier, helpdesk]) {
      const refused = await platform.operator("operatorRegistryAudit", { query: {} }, who.key);
      expect(refused.status, who.name).toBe(403);
    }
  });
});
