import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStack, Visitor, type Stack } from "../helpers/site";
import type { TestOperator } from "../helpers/platform";
import type { OperatorInfo, OperatorPair } from "../../server/contract";
import en from "../../locales/en-US/backoffice.json";
import messages from "../../locales/en-US/messages.json";

/**
 * The back office's platform section (app/backoffice/README.md, "Platform"): pairs, operators and
 * site links, through the pages as a browser without JavaScript posts them. Only an admin of every
 * site may open it (the platform gives its calls to no one else); bad input comes back translated
 * and changes nothing on the platform (read back after each); what is accepted is there, under the
 * signed-in admin's name.
 */
const OPS = "http://ops.localhost";
const SITE = "bo-platform";
const OTHER = "bo-platform-two";
const PAIR = "BOP-USDT";
let stack: Stack;
let admin: TestOperator;
let siteAdmin: TestOperator;

beforeAll(async () => {
  stack = await createStack({ vars: { OPERATOR_HOSTS: "ops.localhost" } });
  await stack.platform.seedSite(SITE, {});
  await stack.platform.seedSite(OTHER, {});
  admin = await stack.platform.createOperator({ name: "Admin Ho", sites: ["*"], roles: ["admin"] });
  siteAdmin = await stack.platform.createOperator({ name: "Admin Wen", sites: [SITE], roles: ["admin"] });
});
afterAll(() => stack?.dispose());

async function signedIn(operator: { key: string }): Promise<Visitor> {
  const visitor = new Visitor(stack, OPS);
  const answer = await visitor.post("/bo/login", { key: operator.key }, { csrf: await visitor.csrf("/bo/login") });
  expect(answer.status).toBe(302);
  return visitor;
}

/** A text as React writes it into the page (an apostrophe escaped). */
const html = (text: string) => text.replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

/** Posts the page's form (with its CSRF token): the status, where it went, the headers and the page shown. */
async function submit(visitor: Visitor, path: string, fields: Record<string, string>) {
  const answer = await visitor.post(path, fields, { csrf: await visitor.csrf(path) });
  if (answer.status !== 302)
    return { status: answer.status, location: null, headers: answer.headers, html: await answer.text() };
  const location = answer.headers.get("location")!;
  return { status: 302, location, headers: answer.headers, html: await (await visitor.get(location)).text() };
}

async function pairs(): Promise<OperatorPair[]> {
  const { envelope } = await stack.platform.operator("operatorPairs", {});
  expect(envelope.statusCode, envelope.message).toBe(200);
  return envelope.data!;
}
const pairOf = async (symbol: string) => (await pairs()).find((p) => p.symbol === symbol);

async function registry(): Promise<OperatorInfo[]> {
  const { envelope } = await stack.platform.operator("operatorList", {});
  return envelope.data!;
}

const newPair = {
  symbol: PAIR,
  name: "Walk BOP",
  precision: "2",
  periodSeconds: "60",
  cutoffSeconds: "10",
  startPrice: "250.50",
  volatilityBp: "2",
};

describe("who may open it", () => {
  it("refuses an admin of one site every platform page with the translated 403, and offers no link", async () => {
    const visitor = await signedIn(siteAdmin);
    for (const path of ["/bo/platform", "/bo/platform/pairs", "/bo/platform/pairs/new", "/bo/platform/operators"]) {
      const answer = await visitor.get(path);
      expect(answer.status, path).toBe(403);
      expect(await answer.text()).toContain(en.refused.platform);
    }
    const posted = await visitor.post("/bo/platform/pairs/new", newPair, {
      csrf: await visitor.csrf(`/bo/sites/${SITE}`),
    });
    expect(posted.status).toBe(403);
    expect(await pairOf(PAIR)).toBeUndefined();
    const site = await (await visitor.get(`/bo/sites/${SITE}`)).text();
    expect(site).not.toContain('href="/bo/platform"');
  });

  it("offers an admin of every site the section in the top bar and on the home page", async () => {
    const visitor = await signedIn(admin);
    const home = await (await visitor.get("/bo")).text();
    expect(home).toContain('href="/bo/platform"');
    expect(home).toContain(en.platform.home_link);
  });
});

describe("pairs", () => {
  it("refuses a new pair whose round does not divide a day, or whose symbol is taken, and creates nothing", async () => {
    const visitor = await signedIn(admin);
    const odd = await submit(visitor, "/bo/platform/pairs/new", { ...newPair, periodSeconds: "7" });
    expect(odd.status).toBe(200);
    expect(odd.html).toContain(html(en.platform.error.period_not_dividing_day));
    expect(await pairOf(PAIR)).toBeUndefined();
    const before = await pairOf("BTC-USDT");
    const taken = await submit(visitor, "/bo/platform/pairs/new", { ...newPair, symbol: "BTC-USDT" });
    expect(taken.html).toContain(html(en.platform.error.symbol_taken));
    expect(await pairOf("BTC-USDT")).toEqual(before);
    const asset = await submit(visitor, "/bo/platform/pairs/new", { ...newPair, name: "BTC/USDT" });
    expect(asset.html).toContain(html(messages.pair_name_reads_as_asset));
    expect(await pairOf(PAIR)).toBeUndefined();
  });

  it("creates a pair as typed, its start price read in the pair's decimals, and lists it", async () => {
    const visitor = await signedIn(admin);
    const made = await submit(visitor, "/bo/platform/pairs/new", newPair);
    expect(made.location).toBe(`/bo/platform/pairs/${PAIR}`);
    expect(made.html).toContain(en.platform.new_pair.created);
    expect((await pairOf(PAIR))?.config).toEqual({
      name: "Walk BOP",
      precision: 2,
      periodSeconds: 60,
      cutoffSeconds: 10,
      startPrice: 25_050,
      volatilityBp: 2,
      paused: false,
    });
    const list = await (await visitor.get("/bo/platform/pairs")).text();
    expect(list).toContain(`href="/bo/platform/pairs/${PAIR}"`);
    expect(list).toContain("Walk BOP");
  });

  it("refuses a cut-off not shorter than the round, translated at its field, and changes nothing", async () => {
    const visitor = await signedIn(admin);
    const before = await pairOf(PAIR);
    const bad = await submit(visitor, `/bo/platform/pairs/${PAIR}`, {
      intent: "config",
      name: "Walk BOP",
      precision: "2",
      periodSeconds: "60",
      cutoffSeconds: "60",
      volatilityBp: "2",
    });
    expect(bad.status).toBe(200);
    expect(bad.html).toContain(html(en.platform.error.cutoff_not_before_end));
    expect(await pairOf(PAIR)).toEqual(before);
  });

  it("keeps the start price and the pause when the configuration changes; a feed change waits for its day", async () => {
    const visitor = await signedIn(admin);
    const saved = await submit(visitor, `/bo/platform/pairs/${PAIR}`, {
      intent: "config",
      name: "Walk BOP Two",
      precision: "2",
      periodSeconds: "60",
      cutoffSeconds: "10",
      volatilityBp: "5",
      // not the form's: ignored
      startPrice: "1.00",
      paused: "on",
    });
    expect(saved.location).toBe(`/bo/platform/pairs/${PAIR}`);
    expect(saved.html).toContain(en.platform.pair.saved_later);
    const pair = await pairOf(PAIR);
    expect(pair?.config).toMatchObject({ name: "Walk BOP Two", startPrice: 25_050, volatilityBp: 5, paused: false });
    expect(pair?.pending).toMatchObject({ volatilityBp: 5 });
    expect(pair?.running.volatilityBp).toBe(2);
  });

  it("refuses a source on a running pair with the platform's reason, translated", async () => {
    const visitor = await signedIn(admin);
    const page = await (await visitor.get(`/bo/platform/pairs/${PAIR}`)).text();
    expect(page).toContain(en.platform.pair.source_needs_pause);
    const refused = await submit(visitor, `/bo/platform/pairs/${PAIR}`, {
      intent: "source",
      kind: "exchange",
      exchangeSymbol: "ETHUSDT",
      maxStaleSeconds: "3",
    });
    expect(refused.html).toContain(html(messages.pair_not_paused));
    expect((await pairOf(PAIR))?.source.kind).toBe("synthetic");
  });

  it("pauses only with the tick that says what it voids, then takes the source; the audit log names the admin", async () => {
    const visitor = await signedIn(admin);
    const path = `/bo/platform/pairs/${PAIR}`;
    const unticked = await submit(visitor, path, { intent: "pause" });
    expect(unticked.html).toContain(en.platform.pair.confirm_missing);
    expect((await pairOf(PAIR))?.config.paused).toBe(false);

    const paused = await submit(visitor, path, { intent: "pause", confirm: "yes" });
    expect(paused.html).toContain(en.platform.pair.paused_done);
    expect((await pairOf(PAIR))?.config.paused).toBe(true);

    const missing = await submit(visitor, path, { intent: "source", kind: "exchange", maxStaleSeconds: "3" });
    expect(missing.html).toContain(en.platform.error.exchange_symbol_missing);
    const fed = await submit(visitor, path, {
      intent: "source",
      kind: "exchange",
      exchangeSymbol: "ethusdt",
      maxStaleSeconds: "3",
    });
    expect(fed.html).toContain(en.platform.pair.source_saved);
    expect((await pairOf(PAIR))?.source).toEqual({
      kind: "exchange",
      exchange: "binance",
      symbol: "ETHUSDT",
      maxStaleSeconds: 3,
    });
    const audit = await stack.platform.operator("operatorPairAudit", { params: { pair: PAIR }, query: {} });
    const actions = audit.envelope.data!.map((e) => [e.action, e.details.operatorName]);
    expect(actions.slice(0, 2)).toEqual([
      ["pair_source_set", "Admin Ho"],
      ["pair_paused", "Admin Ho"],
    ]);
    expect(fed.html).toContain(en.platform.audit.pair_source_set);
  });
});

describe("operators", () => {
  it("refuses an operator without a role or with * beside a site, translated, and adds no one", async () => {
    const visitor = await signedIn(admin);
    const before = (await registry()).length;
    const noRole = await submit(visitor, "/bo/platform/operators", { intent: "create", name: "Lin", sites: SITE });
    expect(noRole.html).toContain(en.platform.error.operator_roles);
    const mixed = await submit(visitor, "/bo/platform/operators", {
      intent: "create",
      name: "Lin",
      sites: `*, ${SITE}`,
      roles: "support",
    });
    expect(mixed.html).toContain(en.platform.error.operator_all_sites_alone);
    expect((await registry()).length).toBe(before);
  });

  it("shows a new key once, on the answer to the POST, never stored; rotating ends the old key", async () => {
    const visitor = await signedIn(admin);
    const made = await submit(visitor, "/bo/platform/operators", {
      intent: "create",
      name: "Wu Mei",
      sites: `${SITE}, ${OTHER}`,
      roles: "support",
    });
    expect(made.status).toBe(200);
    expect(made.headers.get("cache-control")).toContain("no-store");
    const key = /<code class="bo-key">([^<]+)<\/code>/.exec(made.html)?.[1];
    expect(key).toBeDefined();
    expect(made.html).toContain(en.platform.operators.key_once);
    const wu = (await registry()).find((o) => o.name === "Wu Mei")!;
    expect(wu).toMatchObject({ sites: [SITE, OTHER], roles: ["support"], revokedAt: null });
    // read again, the page has the operator and not the key
    const again = await (await visitor.get("/bo/platform/operators")).text();
    expect(again).toContain(wu.id);
    expect(again).not.toContain(key!);
    expect((await stack.platform.operator("operatorSelf", {}, key!)).envelope.data?.name).toBe("Wu Mei");

    const unticked = await submit(visitor, "/bo/platform/operators", { intent: "rotate", operatorId: wu.id });
    expect(unticked.html).toContain(en.platform.operators.confirm_missing);
    expect((await stack.platform.operator("operatorSelf", {}, key!)).envelope.statusCode).toBe(200);
    const rotated = await submit(visitor, "/bo/platform/operators", {
      intent: "rotate",
      operatorId: wu.id,
      confirm: "yes",
    });
    const next = /<code class="bo-key">([^<]+)<\/code>/.exec(rotated.html)?.[1];
    expect(next).toBeDefined();
    expect(next).not.toBe(key);
    expect((await stack.platform.operator("operatorSelf", {}, key!)).envelope.statusCode).toBe(403);
    expect((await stack.platform.operator("operatorSelf", {}, next!)).envelope.data?.name).toBe("Wu Mei");

    const revoked = await submit(visitor, "/bo/platform/operators", {
      intent: "revoke",
      operatorId: wu.id,
      confirm: "yes",
    });
    expect(revoked.html).toContain(en.platform.operators.revoked_done.replace("{{name}}", "Wu Mei"));
    expect((await registry()).find((o) => o.id === wu.id)?.revokedAt).not.toBeNull();

    // the registry's own log, on the page: each of the three changes under the admin who made it
    const page = await (await visitor.get("/bo/platform/operators")).text();
    const log = page.slice(page.indexOf(en.platform.operators.log.title));
    const rows = log.split("<tr").filter((row) => row.includes(`Wu Mei (${wu.id})`));
    expect(rows.map((row) => Object.values(en.platform.operators.log.action).find((a) => row.includes(a)))).toEqual([
      en.platform.operators.log.action.operator_revoked,
      en.platform.operators.log.action.key_rotated,
      en.platform.operators.log.action.operator_added,
    ]);
    for (const row of rows) expect(row).toContain(`Admin Ho (${admin.id})`);
  });
});

describe("one's own key", () => {
  it("is not offered or taken here: a new key would end the session before the page shows it", async () => {
    const visitor = await signedIn(admin);
    const page = await (await visitor.get("/bo/platform/operators")).text();
    expect(page).toContain(en.platform.operators.self_row);
    expect(page).not.toContain(`value="${admin.id}"`);
    const refused = await submit(visitor, "/bo/platform/operators", {
      intent: "rotate",
      operatorId: admin.id,
      confirm: "yes",
    });
    expect(refused.html).toContain(en.platform.operators.self_refused);
    expect((await stack.platform.operator("operatorSelf", {}, admin.key)).envelope.data?.name).toBe("Admin Ho");
  });
});

describe("site links", () => {
  it("refuses linking a site with itself, translated, and links nothing", async () => {
    const visitor = await signedIn(admin);
    const self = await submit(visitor, "/bo/platform/links", { intent: "link", site: SITE, sites: SITE, reason: "" });
    expect(self.html).toContain(en.platform.error.link_sites_self);
    const { envelope } = await stack.platform.operator("operatorSiteLinks", { params: { siteId: SITE } });
    expect(envelope.data!.linked).toEqual([]);
  });

  it("links two sites, shows their group, and takes one out only with the tick", async () => {
    const visitor = await signedIn(admin);
    const linked = await submit(visitor, "/bo/platform/links", {
      intent: "link",
      site: SITE,
      sites: OTHER,
      reason: "Sister brands",
    });
    expect(linked.location).toBe(`/bo/platform/links?site=${SITE}`);
    expect(linked.html).toContain(en.platform.links.linked);
    expect(linked.html).toContain(`<li>${OTHER}</li>`);
    const links = async () =>
      (await stack.platform.operator("operatorSiteLinks", { params: { siteId: OTHER } })).envelope.data!.linked;
    expect(await links()).toEqual([SITE]);

    const unticked = await submit(visitor, "/bo/platform/links", { intent: "unlink", site: OTHER, reason: "Sold" });
    expect(unticked.html).toContain(en.platform.links.confirm_missing);
    expect(await links()).toEqual([SITE]);
    const out = await submit(visitor, "/bo/platform/links", {
      intent: "unlink",
      site: OTHER,
      reason: "Sold",
      confirm: "yes",
    });
    expect(out.html).toContain(en.platform.links.unlinked);
    expect(await links()).toEqual([]);
  });
});
