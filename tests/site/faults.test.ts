import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PAIRS } from "../../server/platform/market/pairs";
import { intentKey } from "../../app/utils/idempotency.server";
import {
  auditMember,
  auditSite,
  faultSeed,
  FAULT_ENTRY,
  memberIdOf,
  memberObject,
  quiesce,
  seededRandom,
  setPlatformClock,
} from "../helpers/faults";
import type { TestMember } from "../helpers/platform";
import {
  createStack,
  freshMember,
  modeOf,
  registerFields,
  startFaultProxy,
  Visitor,
  type Stack,
} from "../helpers/site";
import { bindBank, memberCall } from "../platform/money-helpers";

/**
 * The site between a member and a platform that fails (server/site/README.md, "Platform client";
 * app/README.md, "Money forms and idempotency keys"): a network failure is retried once with the
 * same idempotency key, a second one shows "Connection failed, please refresh." with status 400 and
 * keeps the form's key, so that sending the form again has its effect exactly once, whether or not
 * the platform acted on the lost attempts. After every step the Jepsen audit runs over every member
 * of the site, and the member's wallets must equal the test's own model of them.
 *
 * The schedule (which form, which faults) comes from a seeded PRNG (printed; FAULT_SEED replays
 * it). The platform's clock is stopped a day ahead inside an hour-long period, so a bet is never
 * refused by the cut-off and no alarm fires by itself.
 */

const SEED = faultSeed("site");
const PAIR = "BTC-USDT";
const CONNECTION_FAILED = "Connection failed, please refresh.";
const SERVICE_PROBLEM = "The service had a problem. Please try again later.";

let stack: Stack;
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;

beforeAll(async () => {
  proxy = await startFaultProxy(async (request) => {
    const url = new URL(request.url);
    const body = request.method === "GET" ? undefined : await request.text();
    return stack.platform.fetch(url.pathname + url.search, { method: request.method, headers: request.headers, body });
  });
  // Site info is cached (as deployed), so a fault aimed at a money call hits that call alone.
  stack = await createStack({
    platformUrl: proxy.url,
    platformEntry: FAULT_ENTRY,
    vars: { SITE_INFO_TTL_SECONDS: "3600" },
  });
  await setPlatformClock(stack.platform, Math.ceil((Date.now() + 86_400_000) / 3_600_000) * 3_600_000 + 1_000);
  const { envelope } = await stack.platform.operator("operatorPutPair", {
    params: { pair: PAIR },
    body: { ...DEFAULT_PAIRS[PAIR]!, periodSeconds: 3600, cutoffSeconds: 1 },
  });
  expect(envelope.statusCode, envelope.message).toBe(200);
});
afterAll(async () => {
  await stack?.dispose();
  await proxy?.close();
});

const ctx = (step: string) => `seed ${SEED}, ${step}`;
const keyOf = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
const periodOf = (html: string) => /name="periodNo" value="(\d+)"/.exec(html)?.[1];

/** A member with a bound bank account, signed in on the demo site (fee: 1 % + $1.00; a transaction password). */
async function signedInMember(): Promise<{ m: TestMember; visitor: Visitor }> {
  const m = await stack.platform.signupMember("demo");
  await bindBank(stack.platform, m);
  const visitor = new Visitor(stack);
  expect((await visitor.signIn(m.account, m.password)).status).toBe(302);
  return { m, visitor };
}

type Form = "deposit" | "transferIn" | "transferOut" | "withdraw" | "bet";
const FORMS: Record<Form, { page: string; call: string }> = {
  deposit: { page: "/user/deposit", call: "/player/deposit" },
  transferIn: { page: "/user/transfer", call: "/player/transfer" },
  transferOut: { page: "/user/transfer", call: "/player/transfer" },
  withdraw: { page: "/user/withdraw", call: "/player/withdraw" },
  bet: { page: `/game?pair=${PAIR}`, call: "/player/order" },
};

/** The member's money as the test expects it, in cents. */
interface Model {
  main: number;
  hold: number;
  game: number;
}

/** The form's fields for a request the model can afford, and what it does to the model. */
function plan(
  form: Form,
  model: Model,
  m: TestMember,
  rng: ReturnType<typeof seededRandom>,
): { fields: Record<string, string>; apply: (x: Model) => Model } {
  const dollars = (max: number) => rng.int(1, Math.max(1, Math.floor(max / 100)));
  switch (form) {
    case "deposit": {
      const d = rng.int(10, 500);
      return {
        fields: { optionId: "demo-instant", amount: String(d) },
        apply: (x: Model) => ({ ...x, main: x.main + d * 100 }),
      };
    }
    case "transferIn": {
      const d = dollars(model.main);
      return {
        fields: { direction: "in", gameCode: "binary", amount: String(d) },
        apply: (x: Model) => ({ ...x, main: x.main - d * 100, game: x.game + d * 100 }),
      };
    }
    case "transferOut": {
      const d = dollars(model.game);
      return {
        fields: { direction: "out", gameCode: "binary", amount: String(d) },
        apply: (x: Model) => ({ ...x, main: x.main + d * 100, game: x.game - d * 100 }),
      };
    }
    case "withdraw": {
      // amount + 1 % + $1.00 must fit in the main account
      const d = rng.int(10, Math.max(10, Math.floor((model.main - 100) / 101)));
      const held = d * 100 + Math.ceil(d) + 100;
      return {
        fields: { amount: String(d), transactionPassword: m.transactionPassword },
        apply: (x: Model) => ({ ...x, main: x.main - held, hold: x.hold + held }),
      };
    }
    case "bet": {
      const d = dollars(model.game);
      // never both sides of a pair of options in one period
      const option = rng.pick(["high", "odd", "rise", "counter", "draw"]);
      return {
        fields: { pair: PAIR, option, amount: String(d) },
        apply: (x: Model) => ({ ...x, game: x.game - d * 100 }),
      };
    }
  }
}

/** What the form can do now, so that every request of the schedule is one the platform accepts. */
function possible(model: Model): Form[] {
  const forms: Form[] = ["deposit"];
  if (model.main >= 100) forms.push("transferIn");
  if (model.game >= 100) forms.push("transferOut", "bet");
  if (model.main >= 1_110) forms.push("withdraw");
  return forms;
}

async function expectModel(m: TestMember, model: Model, context: string) {
  const { envelope } = await memberCall(stack.platform, m, "wallets", { key: null });
  const game = envelope.data!.games.find((g) => g.code === "binary")!.balance;
  expect({ main: envelope.data!.main.balance, hold: envelope.data!.main.onHold, game }, context).toEqual(model);
}

/** Every member of the demo site sound, the key's request stored at most once, and the member's money as modelled. */
async function audit(m: TestMember, model: Model, key: string, context: string): Promise<boolean> {
  await quiesce(stack.platform);
  await auditSite(stack.platform, "demo", context);
  await expectModel(m, model, context);
  const a = await auditMember(stack.platform, memberIdOf(m.token));
  const ops = a.operations.filter((o) => o.key === `request:${key}`);
  expect(ops.length, `${context}: operations of the key`).toBeLessThanOrEqual(1);
  return ops.length === 1;
}

describe("the site when the platform fails", { timeout: 120_000 }, () => {
  it("retries once, then says 'connection failed' and keeps the key: a resubmission has its effect exactly once", async () => {
    const rng = seededRandom(SEED);
    const { m, visitor } = await signedInMember();
    let model: Model = { main: 0, hold: 0, game: 0 };
    const seen = { retried: 0, failed: 0, crashed: 0, actedUnseen: 0 };
    for (let step = 0; step < 14; step++) {
      const form = step === 0 ? "deposit" : rng.pick(possible(model));
      const { fields, apply } = plan(form, model, m, rng);
      const fault = rng.weighted({ none: 2, "one lost": 3, "two lost": 4, crash: 1 });
      const kinds = Array.from({ length: fault === "one lost" ? 1 : fault === "two lost" ? 2 : 0 }, () =>
        rng.pick(["reset", "drop-response"] as const),
      );
      const step_ = ctx(`step ${step}: ${form} ${JSON.stringify(fields)} with ${fault} ${kinds.join(", ")}`);

      const page = await (await visitor.get(FORMS[form].page)).text();
      const key = keyOf(page)!;
      expect(key, step_).toBeDefined();
      const body: Record<string, string> = { ...fields, idempotencyKey: key };
      if (form === "bet") Object.assign(body, { periodNo: periodOf(page)!, mode: modeOf(page) });
      // a bet is sent under its intent's key, derived from the form's (app/README.md, "Money forms and idempotency keys")
      const sentKey =
        form === "bet"
          ? await intentKey(key, "bet", {
              pair: body.pair!,
              periodNo: body.periodNo!,
              option: body.option!,
              amount: Number(body.amount) * 100,
              mode: body.mode!,
            })
          : key;

      proxy.reset();
      for (const kind of kinds) proxy.inject({ path: FORMS[form].call, method: "POST", kind }, 1);
      const crash = fault === "crash" ? rng.pick(["after", "inside"] as const) : null;
      // a bet's first transaction only reads its key; the second is the bet
      if (crash)
        await (await memberObject(stack.platform, memberIdOf(m.token))).__armCrash(crash, form === "bet" ? 2 : 1);

      const response = await visitor.post(FORMS[form].page, body);
      expect(proxy.hits(FORMS[form].call, "POST"), `${step_}: attempts`).toBe(
        fault === "two lost" ? 2 : fault === "one lost" ? 2 : 1,
      );
      if (fault === "none" || fault === "one lost") {
        // the first failure is retried with the same key, and nobody notices
        expect(response.status, step_).toBe(302);
        if (fault === "one lost") seen.retried += 1;
        model = apply(model);
        expect(await audit(m, model, sentKey, step_), `${step_}: acted once`).toBe(true);
        continue;
      }

      const html = await response.text();
      expect(response.status, step_).toBe(crash ? 500 : 400);
      expect(html, step_).toContain(crash ? SERVICE_PROBLEM : CONNECTION_FAILED);
      expect(keyOf(html), `${step_}: the form keeps its key`).toBe(key);
      // The platform acted only if the request reached it and committed, never half of it: after a
      // dropped answer it did; after a reset or a crash inside the transaction it did not; after a
      // crash right behind the commit the runtime may not have made the writes durable yet.
      await quiesce(stack.platform);
      const acted = (await auditMember(stack.platform, memberIdOf(m.token))).operations.some(
        (o) => o.key === `request:${sentKey}`,
      );
      if (kinds.includes("drop-response")) expect(acted, `${step_}: acted on a lost answer`).toBe(true);
      else if (crash !== "after") expect(acted, `${step_}: acted though never reached`).toBe(false);
      expect(await audit(m, acted ? apply(model) : model, sentKey, `${step_}: after the failure`), step_).toBe(acted);
      if (acted) seen.actedUnseen += 1;
      if (crash) seen.crashed += 1;
      else seen.failed += 1;

      // the member sends the form again: the same key, so the effect happens once in all
      proxy.reset();
      const again = await visitor.post(FORMS[form].page, { ...body, idempotencyKey: keyOf(html)! });
      expect(again.status, `${step_}: sent again`).toBe(302);
      model = apply(model);
      expect(await audit(m, model, sentKey, `${step_}: sent again`), step_).toBe(true);
    }
    console.log(`[faults] site schedule ${SEED}: ${JSON.stringify(seen)}`);
  });

  it("leaves nothing half-done when the platform is unreachable, and the same form works once it is back", async () => {
    const rng = seededRandom(SEED + 1);
    const { m, visitor } = await signedInMember();
    const page = await (await visitor.get("/user/deposit")).text();
    const key = keyOf(page)!;
    const amount = rng.int(10, 500);

    await proxy.down();
    try {
      const response = await visitor.post("/user/deposit", {
        optionId: "demo-instant",
        amount: String(amount),
        idempotencyKey: key,
      });
      expect(response.status, ctx("deposit while down")).toBe(400);
      const html = await response.text();
      expect(html).toContain(CONNECTION_FAILED);
      expect(keyOf(html), ctx("the form keeps its key")).toBe(key);
      const home = await visitor.get("/user");
      expect(home.status, ctx("a page while down")).toBe(400);
      expect(await home.text()).toContain(CONNECTION_FAILED);
    } finally {
      await proxy.up();
    }
    expect(await audit(m, { main: 0, hold: 0, game: 0 }, key, ctx("nothing moved while down"))).toBe(false);

    const again = await visitor.post("/user/deposit", {
      optionId: "demo-instant",
      amount: String(amount),
      idempotencyKey: key,
    });
    expect(again.status, ctx("deposit once it is back")).toBe(302);
    expect(await audit(m, { main: amount * 100, hold: 0, game: 0 }, key, ctx("credited once"))).toBe(true);
    // a double submit after that changes nothing more
    expect(
      (await visitor.post("/user/deposit", { optionId: "demo-instant", amount: String(amount), idempotencyKey: key }))
        .status,
    ).toBe(302);
    expect(await audit(m, { main: amount * 100, hold: 0, game: 0 }, key, ctx("still credited once"))).toBe(true);
  });

  it("reports a sign-up and an information update whose answer was lost as done, though the retry finds them done already", async () => {
    // sign-up: the platform created the account, the answer was lost, the retry hears "account exists"
    const fresh = freshMember();
    const visitor = new Visitor(stack);
    proxy.reset();
    proxy.inject({ path: "/player/authorize/signup", method: "POST", kind: "drop-response" }, 1);
    const registered = await visitor.post("/register", registerFields(fresh));
    expect(proxy.hits("/player/authorize/signup", "POST"), ctx("sign-up attempts")).toBe(2);
    expect(registered.status, ctx("sign-up")).toBe(302);
    expect(registered.headers.get("location")).toBe("/user");
    const home = await visitor.follow("/user");
    expect(home.html).toContain(fresh.account);
    const signin = await stack.platform.call("signin", {
      body: { siteId: "demo", account: fresh.account, password: fresh.password },
    });
    expect(signin.envelope.message, ctx("the account exists once, with the password given")).toBe("ok");

    // the same form posted twice (a double click without JavaScript) signs the member in as well
    const again = new Visitor(stack);
    expect((await again.post("/register", registerFields(fresh))).status, ctx("sign-up sent again")).toBe(302);
    expect((await again.follow("/user")).html).toContain(fresh.account);
    // but the form never signs anyone in with another password
    const impostor = new Visitor(stack);
    const refused = await impostor.post("/register", {
      ...registerFields({ ...fresh, password: "not-the-password" }),
      confirmPassword: "not-the-password",
    });
    expect(refused.status, ctx("sign-up of a taken account")).toBe(400);
    expect(await refused.text()).toContain("This account already exists.");

    // information: the platform saved the new name, the answer was lost, the retry hears "no update"
    const { m, visitor: member } = await signedInMember();
    proxy.reset();
    proxy.inject({ path: "/player/info", method: "PUT", kind: "drop-response" }, 1);
    const saved = await member.post("/user/info", {
      realName: "Renamed Member",
      email: "",
      areaCode: m.areaCode,
      mobile: m.mobile,
    });
    expect(proxy.hits("/player/info", "PUT"), ctx("update attempts")).toBe(2);
    expect(saved.status, ctx("information update")).toBe(302);
    const page = await member.follow("/user/info");
    expect(page.html).toContain("Your information was updated.");
    expect(page.html).toContain("Renamed Member");
  });
});
