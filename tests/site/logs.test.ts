/**
 * The log lines of a real sign-in, bet and refused withdrawal (server/log/README.md), read from
 * the workers' own output: one site line per request with its route pattern, status, time and the
 * platform calls it made; the platform's line of each call under the same request id; a metric
 * for the bet; and none of the member's secrets anywhere in what the workers wrote.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PAIRS } from "../../server/platform/market/pairs";
import { bindBank, fund } from "../platform/money-helpers";
import { createStack, modeOf, Visitor, type Stack } from "../helpers/site";
import type { TestMember } from "../helpers/platform";

type Line = Record<string, unknown> & { event?: string; requestId?: string };

let stack: Stack;
let output = "";
const PAIR = "BTC-USDT";

beforeAll(async () => {
  stack = await createStack({
    observe: {
      metrics: true,
      stdio: (stdout, stderr) => {
        for (const stream of [stdout, stderr]) {
          stream.setEncoding("utf8");
          stream.on("data", (chunk: string) => void (output += chunk));
        }
      },
    },
  });
  // hour-long periods: a bet placed now never meets the cut-off by chance
  const { envelope } = await stack.platform.operator("operatorPutPair", {
    params: { pair: PAIR },
    body: { ...DEFAULT_PAIRS[PAIR]!, periodSeconds: 3600, cutoffSeconds: 1 },
  });
  expect(envelope.statusCode).toBe(200);
});
afterAll(() => stack?.dispose());

/** Every JSON line the workers wrote so far (anything else they print is skipped). */
function lines(): Line[] {
  return output.split("\n").flatMap((text) => {
    const json = text.slice(text.indexOf("{"));
    try {
      return [JSON.parse(json) as Line];
    } catch {
      return [];
    }
  });
}

/** The first line that matches, waiting (bounded) for output still on its way from workerd. */
async function lineWhere(what: string, match: (line: Line) => boolean): Promise<Line> {
  for (let waited = 0; waited < 5000; waited += 50) {
    const found = lines().find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no log line of ${what}; the workers wrote:\n${output.slice(-4000)}`);
}

const siteLine = (method: string, route: string, status: number) =>
  lineWhere(
    `site ${method} ${route} ${status}`,
    (l) =>
      l.event === "request" && l.worker === "site" && l.method === method && l.route === route && l.status === status,
  );
const platformLine = (requestId: unknown, call: string) =>
  lineWhere(
    `platform ${call} of ${String(requestId)}`,
    (l) => l.event === "request" && l.worker === "platform" && l.requestId === requestId && l.call === call,
  );

describe("log lines", () => {
  let member: TestMember;
  let visitor: Visitor;
  const wrongPassword = "not-the-1-password";

  beforeAll(async () => {
    member = await stack.platform.signupMember("demo");
    await bindBank(stack.platform, member);
    await fund(stack.platform, member, 50_000);
    visitor = new Visitor(stack);
  });

  it("a sign-in: the site's line with its route, status, time and platform call; the platform's under the same id", async () => {
    expect((await visitor.signIn(member.account, member.password)).status).toBe(302);
    const site = await siteLine("POST", "/login", 302);
    expect(site).toMatchObject({ level: "info", siteId: "demo" });
    expect(site.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof site.durationMs).toBe("number");
    expect(site.calls).toContainEqual(expect.objectContaining({ call: "signin", status: 200 }));
    const platform = await platformLine(site.requestId, "signin");
    expect(platform).toMatchObject({ siteId: "demo", route: "/player/authorize/signin", status: 200, message: "ok" });
  });

  it("a bet: the route's pattern, the placeOrder call on both sides, and one bet data point for the site", async () => {
    const transfer = /name="idempotencyKey" value="([^"]+)"/.exec(await (await visitor.get("/user/transfer")).text());
    expect(
      (
        await visitor.post("/user/transfer", {
          direction: "in",
          gameCode: "binary",
          amount: "100",
          idempotencyKey: transfer![1]!,
        })
      ).status,
    ).toBe(302);
    const game = await (await visitor.get(`/game?pair=${PAIR}`)).text();
    const bet = await visitor.post(`/game?pair=${PAIR}`, {
      pair: PAIR,
      periodNo: /name="periodNo" value="(\d+)"/.exec(game)![1]!,
      idempotencyKey: /name="idempotencyKey" value="([^"]+)"/.exec(game)![1]!,
      mode: modeOf(game),
      amount: "5",
      option: "high",
    });
    expect(bet.status).toBe(302);
    const site = await siteLine("POST", "/game", 302);
    expect(site.calls).toContainEqual(expect.objectContaining({ call: "placeOrder", status: 200 }));
    expect(await platformLine(site.requestId, "placeOrder")).toMatchObject({ status: 200, message: "ok" });
    const metric = await lineWhere("a bet metric", (l) => l.event === "metric" && (l.blobs as string[])[0] === "bet");
    expect(metric).toMatchObject({ indexes: ["demo"], blobs: ["bet", "demo", "real"], doubles: [1, 500] });
  });

  it("a refused withdrawal: 400 on both sides with the platform's code, and no withdrawal counted", async () => {
    const form = await (await visitor.get("/user/withdraw")).text();
    const refused = await visitor.post("/user/withdraw", {
      amount: "100",
      transactionPassword: wrongPassword,
      idempotencyKey: /name="idempotencyKey" value="([^"]+)"/.exec(form)![1]!,
    });
    expect(refused.status).toBe(400);
    const site = await siteLine("POST", "/user/withdraw", 400);
    expect(site.calls).toContainEqual(expect.objectContaining({ call: "withdraw", status: 400 }));
    expect(await platformLine(site.requestId, "withdraw")).toMatchObject({
      siteId: "demo",
      route: "/player/withdraw",
      status: 400,
      message: "wrong_transaction_password",
    });
    expect(lines().filter((l) => l.event === "metric" && (l.blobs as string[])[0] === "withdrawal")).toEqual([]);
  });

  it("never carries a password, token, cookie, the member's mobile or a URL's query", () => {
    if (process.env.SHOW_LOG_LINES) console.log(output);
    const session = visitor.cookies.get("session") ?? visitor.cookies.get("__Host-session");
    expect(session).toBeDefined();
    for (const secret of [
      member.password,
      member.transactionPassword,
      wrongPassword,
      member.token,
      session!,
      member.mobile,
      "pair=",
    ])
      expect(output, secret).not.toContain(secret);
  });
});

describe("/healthz", () => {
  it("on the site: the platform reached through the binding, its objects answering, and both versions", async () => {
    const response = await stack.fetch("http://any-host.test/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      status: "ok",
      worker: "member-site",
      checks: { platform: { ok: true, status: 200 } },
    });
    expect(typeof body.version).toBe("string");
    const platform = await stack.platform.fetch("/healthz");
    expect(await platform.json()).toMatchObject({
      status: "ok",
      version: "local",
      checks: { configuration: true, objects: { SITE: true, MEMBER: true, MARKET: true, OPERATORS: true } },
    });
  });
});
