import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FairnessDay, PeriodProof } from "../../server/contract/fairness";
import { CLOCK_ENTRY, setClock } from "../platform/center-helpers";
import {
  createStack,
  freshMember,
  memberWithGameFunds,
  modeOf,
  registerFields,
  Visitor,
  type Stack,
} from "../helpers/site";

/**
 * The fairness pages (app/README.md, "Verifiable rounds") against a platform on a stopped clock
 * days ahead of the real one (CLOCK_ENTRY), so one day of BTC-USDT has ended and been revealed
 * and the next runs: /fairness lists the commitments and seeds, a revealed period's page holds the
 * whole proof, an unrevealed one says when its seed comes and offers nothing to compute,
 * proof.json answers the platform's proof with the right caching, and anything else is a 404.
 */
const DAY = 86_400;
const PAIR = "BTC-USDT";
/** a UTC day well ahead of today: no alarm fires by itself */
const BASE = Math.floor(Date.now() / 1000 / DAY) + 3;
const at = (day: number, second = 0) => (day * DAY + second) * 1000;
const label = (day: number) => new Date(day * DAY * 1000).toISOString().slice(0, 10);
const ymd = (day: number) => label(day).replaceAll("-", "");
/** BTC-USDT's periods are a minute long: a day's last is number 1440 */
const LAST_OF_BASE = `${ymd(BASE)}1440`;
const FIRST_OF_NEXT = `${ymd(BASE + 1)}0001`;
const clean = (html: string) => html.replace(/<!-- -->/g, "");

let stack: Stack;
beforeAll(async () => {
  stack = await createStack({ platformEntry: CLOCK_ENTRY });
  await setClock(stack.platform, at(BASE, -30));
  // the market starts running the evening before BASE (committing BASE's seed), then runs all of it
  expect((await new Visitor(stack).get("/fairness")).status).toBe(200);
  await setClock(stack.platform, at(BASE + 1, 65));
}, 120_000);
afterAll(() => stack?.dispose());

async function platformDays(): Promise<FairnessDay[]> {
  const { envelope } = await stack.platform.call("fairnessDays", {
    params: { pair: PAIR },
    query: { limit: "9" } as never,
  });
  expect(envelope.statusCode, envelope.message).toBe(200);
  return envelope.data!;
}

describe("/fairness", { timeout: 120_000 }, () => {
  it("is not alone in saying the beacon is local: every page's footer says so where the platform runs its own", async () => {
    const notice = "Development: round prices mix a local test beacon, not the public drand beacon (/fairness).";
    for (const path of ["/", "/login", "/terms"]) {
      const { html } = await new Visitor(stack).follow(path);
      expect(clean(html), path).toContain(notice);
    }
    // the platform names it with site info; production's (drand) says nothing
    const { envelope } = await stack.platform.call("siteInfo", { params: { siteId: "demo" } });
    expect(envelope.data!.beacon).toBe("local");
  });

  it("lists tomorrow's and today's commitments without seeds, past days with their seeds, and the algorithm's steps", async () => {
    const { response, html } = await new Visitor(stack).follow("/fairness");
    expect(response.status).toBe(200);
    const days = await platformDays();
    expect(days.slice(0, 3).map((d) => [d.day, d.seed === null])).toEqual([
      [label(BASE + 2), true],
      [label(BASE + 1), true],
      [label(BASE), false],
    ]);
    const page = clean(html);
    const section = /data-testid="seeds-BTC-USDT"[\s\S]*?<\/section>/.exec(page)![0];
    for (const day of days) expect(section).toContain(day.commitment);
    expect(section).toContain(days[2]!.seed!);
    // only revealed seeds: the pair's list holds as many seed values as revealed days
    expect(section.match(/data-testid="seed"/g)).toHaveLength(days.filter((d) => d.seed).length);
    expect(section).toMatch(/Tomorrow[\s\S]*Today[\s\S]*Revealed/);
    expect(section).toContain("Seed revealed at");
    // the algorithm as the page's own text: the message format and the walk's divisor
    expect(page).toContain("BTC-USDT|2026-11-24|0");
    expect(page).toContain("655360000");
    expect(page).toContain('href="/fairness"');
  });

  it("sends the lookup form's period to its page, and keeps a malformed number on the page with its error", async () => {
    const visitor = new Visitor(stack);
    const good = await visitor.get(`/fairness?pair=${PAIR}&periodNo=${LAST_OF_BASE}`);
    expect(good.status).toBe(302);
    expect(good.headers.get("location")).toBe(`/fairness/${PAIR}/${LAST_OF_BASE}`);
    const bad = await visitor.get(`/fairness?pair=${PAIR}&periodNo=12ab`);
    expect(bad.status).toBe(200);
    const html = await bad.text();
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('id="lookup-error"');
  });
});

describe("a period's page", { timeout: 60_000 }, () => {
  it("shows a revealed period as recorded, with its seed, the script's command and the proof's link", async () => {
    const { envelope } = await stack.platform.call("periodProof", { params: { pair: PAIR, periodNo: LAST_OF_BASE } });
    const proof = envelope.data!;
    const { response, html } = await new Visitor(stack).follow(`/fairness/${PAIR}/${LAST_OF_BASE}`);
    expect(response.status).toBe(200);
    const page = clean(html);
    expect(page).toContain(proof.day.commitment);
    expect(page).toContain(`data-testid="seed">${proof.day.seed}`);
    const price = (p: number) => (p / 100).toLocaleString("en-US", { minimumFractionDigits: 2 });
    expect(page).toContain(`data-testid="period-open">${price(proof.period.openPrice!)}`);
    expect(page).toContain(`data-testid="period-close">${price(proof.period.closePrice!)}`);
    expect(page).toContain(`data-testid="period-digit">${proof.period.lastDigit}`);
    expect(page).toContain(`node server/cli/verify-period.mjs http://localhost ${PAIR} ${LAST_OF_BASE}`);
    expect(page).toContain(`href="/fairness/${PAIR}/${LAST_OF_BASE}/proof.json"`);
    expect(page).toContain("Recompute this round");
    expect(page).not.toContain('data-testid="not-revealed"');
    // the verifier is not in the page: it is imported when the button is pressed
    expect(page).not.toMatch(/fairness-verify[^"]*\.js/);
  });

  it("says when an unrevealed period's seed comes and offers nothing to compute", async () => {
    const { response, html } = await new Visitor(stack).follow(`/fairness/${PAIR}/${FIRST_OF_NEXT}`);
    expect(response.status).toBe(200);
    const page = clean(html);
    expect(page).toContain('data-testid="not-revealed"');
    expect(page).toMatch(new RegExp(`The seed of ${label(BASE + 1)} is revealed`));
    expect(page).not.toContain('data-testid="seed"');
    expect(page).not.toContain("Recompute this round");
  });

  it("answers the translated 404 page to a pair not offered, a malformed number and a period not ended", async () => {
    const visitor = new Visitor(stack);
    for (const path of [
      `/fairness/SOL-USDT/${LAST_OF_BASE}`,
      `/fairness/${PAIR}/12ab`,
      `/fairness/${PAIR}/${ymd(BASE + 5)}0001`,
    ]) {
      const response = await visitor.get(path, { cookie: "locale=ja_JP" });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain("ページが見つかりません");
    }
  });
});

describe("proof.json", { timeout: 60_000 }, () => {
  it("answers the platform's proof without a session cookie, immutable once revealed, briefly cached before", async () => {
    const visitor = new Visitor(stack);
    const revealed = await visitor.get(`/fairness/${PAIR}/${LAST_OF_BASE}/proof.json`);
    expect(revealed.status).toBe(200);
    expect(revealed.headers.get("content-type")).toMatch(/^application\/json/);
    expect(revealed.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(revealed.headers.get("set-cookie")).toBeNull();
    const { envelope } = await stack.platform.call("periodProof", { params: { pair: PAIR, periodNo: LAST_OF_BASE } });
    expect((await revealed.json()) as PeriodProof).toEqual(envelope.data);
    const pending = await visitor.get(`/fairness/${PAIR}/${FIRST_OF_NEXT}/proof.json`);
    expect(pending.status).toBe(200);
    expect(pending.headers.get("cache-control")).toBe("public, max-age=15");
    expect(((await pending.json()) as PeriodProof).day.seed).toBeNull();
  });

  it("answers a JSON 404 to anything that is not an ended period of a pair offered here", async () => {
    const visitor = new Visitor(stack);
    for (const path of [
      `/fairness/SOL-USDT/${LAST_OF_BASE}/proof.json`,
      `/fairness/${PAIR}/x/proof.json`,
      `/fairness/${PAIR}/${ymd(BASE + 5)}0001/proof.json`,
    ]) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ statusCode: 404, message: "not_found" });
    }
  });
});

describe("verify links", { timeout: 60_000 }, () => {
  it("link every ended period of the game's quotes to its page", async () => {
    const visitor = new Visitor(stack);
    expect((await visitor.post("/register", registerFields(freshMember()))).status).toBe(302);
    const { html } = await visitor.follow(`/game?pair=${PAIR}&tab=quotes`);
    expect(html).toContain(`href="/fairness/${PAIR}/${FIRST_OF_NEXT}"`);
    expect(html).toContain(`href="/fairness/${PAIR}/${LAST_OF_BASE}"`);
    expect(html).toContain(`aria-label="Verify round ${FIRST_OF_NEXT}"`);
  });
});

describe("/fairness claims", { timeout: 60_000 }, () => {
  const texts = JSON.parse(readFileSync(new URL("../../locales/en-US/fairness.json", import.meta.url), "utf8")) as {
    promise: Record<string, string>;
    limits: Record<string, string>;
  };
  const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

  it("say what a commitment proves and what it does not, the betting timing and void periods, and no more", async () => {
    const page = clean((await new Visitor(stack).follow("/fairness")).html);
    const limits = /data-testid="fairness-limits"[\s\S]*?<\/section>/.exec(page)?.[0] ?? "";
    // proves: fixed before the day's first period, following from the seed; does not: a random
    // seed rather than one searched for, a seed nobody looked at; a later change closes the gaps
    for (const key of ["proves", "not_random", "not_seen", "later"])
      expect(limits, key).toContain(escaped(texts.limits[key]!));
    expect(texts.limits.not_random).toMatch(/not prove that the seed was chosen at random/);
    expect(texts.limits.not_seen).toMatch(/holds the seed until the reveal/);
    for (const key of ["timing", "void"]) expect(page, key).toContain(escaped(texts.promise[key]!));
    expect(texts.promise.timing).toMatch(/before it starts/);
    expect(texts.promise.void).toMatch(
      /pauses or resumes its pair after betting on it has closed, or when the feed stops/,
    );
    // the old claim that nobody, the operator included, could pick a price: a searched-for seed can
    expect(page).not.toMatch(/Nobody can pick a price/);
  });
});

describe("a member's bets on a period", { timeout: 60_000 }, () => {
  const keyOf = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];

  it("are listed on the period's page, labelled real, an open one as not settled yet; none for a visitor", async () => {
    const visitor = await memberWithGameFunds(stack);
    // the clock stands at 65 s into the day: period 0002 runs, and bets go to 0003 (its betting
    // closes at 110 s, 10 s before it starts)
    const periodNo = `${ymd(BASE + 1)}0003`;
    const game = await (await visitor.get(`/game?pair=${PAIR}`)).text();
    const placed = await visitor.post(`/game?pair=${PAIR}`, {
      pair: PAIR,
      periodNo,
      option: "high",
      amount: "1.00",
      idempotencyKey: keyOf(game)!,
      mode: modeOf(game),
    });
    expect(placed.status).toBe(302);
    await setClock(stack.platform, at(BASE + 1, 185));
    const { html } = await visitor.follow(`/fairness/${PAIR}/${periodNo}`);
    const bets = /data-testid="period-bets"[\s\S]*?<\/section>/.exec(clean(html))![0];
    expect(bets.match(/data-testid="period-bet"/g)).toHaveLength(1);
    expect(bets).toContain("Real");
    expect(bets).toContain("High");
    // the stopped clock runs no settling alarm: the bet is still open, and the page says so rather
    // than claiming a match (the settled comparison is VerifyPanel's, shown once the order settles)
    expect(bets).toContain("Not settled yet");
    // a visitor who is not signed in sees no bets section
    expect((await new Visitor(stack).follow(`/fairness/${PAIR}/${periodNo}`)).html).not.toContain(
      'data-testid="period-bets"',
    );
  });
});
