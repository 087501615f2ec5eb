import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PairConfig, Period } from "../../server/contract";
import type { FairnessDay, PeriodProof } from "../../server/contract/fairness";
import type { Platform } from "../helpers/platform";
// the standalone script: an independent implementation (node:crypto), no code of the platform
import { sha256Hex, verifyProof } from "../../server/cli/verify-period.mjs";
import { BEACON_ALGORITHM } from "#rules/beacon";
import { stoppedClockPlatform } from "./center-helpers";
import { FAST_PAIR, fastPair, GAME_SITE, bet, gameMember } from "./game-helpers";

/**
 * Verifiable rounds (server/platform/README.md, "Verifiable rounds") on a stopped clock days ahead
 * of the real one: the recorded history equals its recomputation from the revealed seed by the
 * standalone script, a seed differing in one bit fails, tomorrow's commitment is public before
 * tomorrow's first bet, today's seed never leaks, and an operator's change waits for a day whose
 * seed is committed after it (a pause applies at once and shows as a gap in the proof).
 */
const DAY = 86_400;
const SITE = "fairness";
/** a UTC day well ahead of today, so no alarm fires by itself */
const BASE = Math.floor(Date.now() / 1000 / DAY) + 3;
const at = (day: number, second = 0) => (day * DAY + second) * 1000;

let platform: Platform;
let setTime: (ms: number) => Promise<void>;

beforeAll(async () => {
  const stopped = await stoppedClockPlatform(at(BASE, -30));
  platform = stopped.platform;
  let clock = at(BASE, -30);
  setTime = async (ms: number) => {
    await stopped.advance(ms - clock);
    clock = ms;
  };
});
afterAll(() => platform.dispose());

async function putPair(pair: string, config: PairConfig) {
  const { envelope } = await platform.operator("operatorPutPair", { params: { pair }, body: config });
  expect(envelope.statusCode, envelope.message).toBe(200);
  return envelope.data!;
}

async function days(pair: string, query: Record<string, string> = {}): Promise<FairnessDay[]> {
  const { envelope } = await platform.call("fairnessDays", { params: { pair }, query: query as never });
  expect(envelope.statusCode, envelope.message).toBe(200);
  return envelope.data!;
}

async function proof(pair: string, periodNo: string) {
  return (await platform.call("periodProof", { params: { pair, periodNo } })).envelope;
}

/** Every recorded period of a pair, oldest first. */
async function allPeriods(pair: string): Promise<Period[]> {
  const out: Period[] = [];
  for (let page = 1; ; page++) {
    const { envelope } = await platform.call("quotes", {
      params: { pair },
      query: { page: String(page), pageSize: "100" } as never,
    });
    out.push(...envelope.data!.items);
    if (out.length >= envelope.data!.total) return out.reverse();
  }
}

/** The standalone script run as a member would (`node verify-period.mjs --proof <file>`): its exit code and output. */
const SCRIPT = fileURLToPath(new URL("../../server/cli/verify-period.mjs", import.meta.url));
function runScript(data: PeriodProof): { status: number | null; stdout: string } {
  const file = join(mkdtempSync(join(tmpdir(), "verify-period-")), "proof.json");
  writeFileSync(file, JSON.stringify({ statusCode: 200, message: "ok", data }));
  const run = spawnSync(process.execPath, [SCRIPT, "--proof", file], { encoding: "utf8" });
  return { status: run.status, stdout: run.stdout };
}

const label = (day: number) => new Date(day * DAY * 1000).toISOString().slice(0, 10);
const ymd = (day: number) => label(day).replaceAll("-", "");

describe("a day's record", () => {
  const PAIR = "FAIRA-USDT";

  it("equals its recomputation from the revealed seed and the beacon rounds, period by period", async () => {
    await putPair(PAIR, fastPair({ name: "FAIRA Walk", periodSeconds: 300, cutoffSeconds: 10, volatilityBp: 3 }));
    // Nobody watched the day until its last quarter hour: a market catches up with beacon rounds
    // from at most BACKFILL_SECONDS (120 s) back, so the seconds before have no tick and their
    // periods are void (decision 031). From there the clock moves a minute at a time, as a
    // market watched by someone would, past midnight.
    await setTime(at(BASE + 1, -900));
    for (let s = -840; s <= 60; s += 60) {
      await setTime(at(BASE + 1, s));
      await days(PAIR);
    }
    const day = (await days(PAIR)).find((d) => d.day === label(BASE))!;
    expect(day.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(day.algorithm).toBe(BEACON_ALGORITHM);
    expect(day.beacon!.kind).toBe("local");
    const seed = Buffer.from(day.seed!, "hex");
    expect(sha256Hex(seed)).toBe(day.commitment);
    const periods = (await allPeriods(PAIR)).filter((p) => p.periodNo.startsWith(ymd(BASE)));
    expect(periods).toHaveLength(DAY / 300);
    // the asleep part: void for want of rounds, every option refunded
    const asleep = periods.filter((p) => Date.parse(p.endsAt) <= at(BASE + 1, -900));
    expect(asleep.length).toBeGreaterThan(0);
    for (const p of asleep) expect(p.voidReason, p.periodNo).toBe("beacon_missing");
    // the watched part: each period recomputed by the standalone script from the seed and the signed rounds
    const watched = periods.filter((p) => Date.parse(p.startsAt) >= at(BASE + 1, -840));
    expect(watched.map((p) => p.periodNo)).toEqual([`${ymd(BASE)}0287`, `${ymd(BASE)}0288`]);
    for (const p of watched) {
      const { data } = await proof(PAIR, p.periodNo);
      expect(data!.period.voidReason).toBeNull();
      expect(data!.rounds).toHaveLength(100);
      expect(data!.ticks).toHaveLength(300);
      const result = verifyProof(data!);
      expect(result.checks.filter((c) => !c.ok)).toEqual([]);
      expect(result.status).toBe("match");
    }
    // the last period through the script itself, as a member runs it
    const last = await proof(PAIR, periods[periods.length - 1]!.periodNo);
    const script = runScript(last.data!);
    expect(script.status).toBe(0);
    expect(script.stdout).toContain("LOCAL (the operator's own key, not drand)");
  });

  it("fails verification with a seed differing in one bit, and reports a commitment that does not match", async () => {
    const periods = (await allPeriods(PAIR)).filter((p) => p.periodNo.startsWith(ymd(BASE)));
    const good = (await proof(PAIR, periods[periods.length - 1]!.periodNo)).data!;
    const flipped = Buffer.from(good.day.seed!, "hex");
    flipped[17]! ^= 0x04;
    // the flipped seed as served: its SHA-256 no longer matches the commitment, and the ticks differ
    const served: PeriodProof = { ...good, day: { ...good.day, seed: flipped.toString("hex") } };
    const result = verifyProof(served);
    expect(result.status).toBe("mismatch");
    const failed = result.checks.filter((c) => !c.ok).map((c) => c.name);
    expect(failed).toContain("SHA-256(seed) = commitment");
    expect(failed.some((n) => n.startsWith("recorded ticks"))).toBe(true);
    // even with a commitment made to fit the flipped seed, the recorded close gives it away
    const refit = verifyProof({ ...served, day: { ...served.day, commitment: sha256Hex(flipped) } });
    expect(refit.status).toBe("mismatch");
    expect(refit.checks.find((c) => c.name === "close")!.ok).toBe(false);
    expect(verifyProof(good).status).toBe("match");
  });
});

describe("commit and reveal", () => {
  it("publishes the next day's commitment before any bet of that day can be placed", async () => {
    const day = BASE + 2;
    await setTime(at(day, -20));
    await putPair(FAST_PAIR, fastPair());
    await platform.seedSite(SITE, GAME_SITE);
    const m = await gameMember(platform, SITE, 10_000);
    const listed = (await days(FAST_PAIR)).find((d) => d.day === label(day))!;
    expect(Date.parse(listed.committedAt)).toBeLessThan(at(day));
    expect(listed.seed).toBeNull();
    // the day's first period takes bets while the day before's last one runs
    await setTime(at(day, -4));
    const { envelope: market } = await platform.call("market", { params: { pair: FAST_PAIR } });
    expect(market.data!.next.periodNo.startsWith(ymd(day))).toBe(true);
    const placed = await bet(platform, m, {
      pair: FAST_PAIR,
      periodNo: market.data!.next.periodNo,
      option: "high",
      amount: 1000,
    });
    expect(placed.envelope.statusCode, placed.envelope.message).toBe(200);
    expect(Date.parse(placed.envelope.data!.createdAt)).toBeLessThan(at(day));
    expect(Date.parse(placed.envelope.data!.createdAt)).toBeGreaterThan(Date.parse(listed.committedAt));
    // the day has begun: its commitment is still the one the bet was placed under, published the day before
    await setTime(at(day, 2));
    expect((await days(FAST_PAIR)).find((d) => d.day === label(day))!.commitment).toBe(listed.commitment);
  });

  it("never answers today's seed, and answers it once the day's last period is recorded", async () => {
    const day = BASE + 2;
    const newest = await days(FAST_PAIR);
    expect(newest.slice(0, 2).map((d) => [d.day, d.seed])).toEqual([
      [label(day + 1), null],
      [label(day), null],
    ]);
    expect(newest[0]!.revealAt).toBe(new Date(at(day + 2)).toISOString());
    await setTime(at(day + 1, -1));
    const lastPeriodNo = `${ymd(day)}${String(DAY / 5).padStart(4, "0")}`;
    expect((await days(FAST_PAIR)).find((d) => d.day === label(day))!.seed).toBeNull();
    expect((await proof(FAST_PAIR, lastPeriodNo)).message).toBe("invalid_period");
    // an ended period of today: its proof has no seed, and the script says when it will have one
    const ended = await proof(FAST_PAIR, `${ymd(day)}${String(DAY / 5 - 1).padStart(4, "0")}`);
    expect(ended.data!.day.seed).toBeNull();
    const early = runScript(ended.data!);
    expect(early.status).toBe(2);
    expect(early.stdout).toContain(`not revealed yet: it will be at ${new Date(at(day + 1)).toISOString()}`);
    await setTime(at(day + 1));
    const revealed = (await days(FAST_PAIR)).find((d) => d.day === label(day))!;
    expect(sha256Hex(Buffer.from(revealed.seed!, "hex"))).toBe(revealed.commitment);
    expect((await days(FAST_PAIR, { before: label(day + 1), limit: "1" })).map((d) => d.day)).toEqual([label(day)]);
    const last = await proof(FAST_PAIR, lastPeriodNo);
    expect(last.statusCode, last.message).toBe(200);
    expect(verifyProof(last.data!).status).toBe("match");
    const script = runScript(last.data!);
    expect(script.status).toBe(0);
    expect(script.stdout).toContain("MATCH");
    const forged = runScript({
      ...last.data!,
      period: { ...last.data!.period, closePrice: last.data!.period.closePrice! + 1 },
    });
    expect(forged.status).toBe(1);
    expect(forged.stdout).toMatch(/MISMATCH: .*close/);
    // the next day's is still hidden, and an unknown period is refused
    expect((await days(FAST_PAIR))[1]!.seed).toBeNull();
    expect((await proof(FAST_PAIR, `${ymd(day + 5)}0001`)).message).toBe("invalid_period");
  });
});

describe("an operator's change", () => {
  const PAIR = "FAIRC-USDT";

  it("takes effect on the first day whose seed is committed after it; a pause at once, with its gap in the proof", async () => {
    const day = BASE + 4;
    await setTime(at(day, 100));
    const created = await putPair(
      PAIR,
      fastPair({ name: "FAIRC Walk", periodSeconds: 60, cutoffSeconds: 5, volatilityBp: 2 }),
    );
    expect(created.changesFrom).toBeNull();
    await setTime(at(day, 160));
    const changed = await putPair(
      PAIR,
      fastPair({ name: "FC Walk", periodSeconds: 30, cutoffSeconds: 5, volatilityBp: 5 }),
    );
    expect(changed.changesFrom).toBe(new Date(at(day + 2)).toISOString());
    // the name at once, the schedule not yet
    expect({ name: changed.name, periodSeconds: changed.periodSeconds }).toEqual({
      name: "FC Walk",
      periodSeconds: 60,
    });
    const params = (d: FairnessDay) => [d.day, d.periodSeconds, d.volatilityBp];
    expect((await days(PAIR)).map(params)).toEqual([
      [label(day + 1), 60, 2],
      [label(day), 60, 2],
    ]);
    await setTime(at(day + 1, 10));
    const tomorrow = await platform.call("market", { params: { pair: PAIR } });
    const current = tomorrow.envelope.data!.current;
    expect(Date.parse(current.endsAt) - Date.parse(current.startsAt)).toBe(60_000);
    expect((await days(PAIR)).map(params).slice(0, 2)).toEqual([
      [label(day + 2), 30, 5],
      [label(day + 1), 60, 2],
    ]);
    await setTime(at(day + 2, 10));
    const after = (await platform.call("market", { params: { pair: PAIR } })).envelope.data!.current;
    expect(Date.parse(after.endsAt) - Date.parse(after.startsAt)).toBe(30_000);
    const listed = (await platform.call("pairs", {})).envelope.data!.find((p) => p.symbol === PAIR)!;
    expect({ name: listed.name, periodSeconds: listed.periodSeconds }).toEqual({ name: "FC Walk", periodSeconds: 30 });

    // a pause applies at once: the feed stalls from the next second, and the stalled seconds are a gap
    await setTime(at(day + 2, 35));
    const paused = await putPair(
      PAIR,
      fastPair({ name: "FC Walk", periodSeconds: 30, cutoffSeconds: 5, volatilityBp: 5, paused: true }),
    );
    expect(paused.changesFrom).toBeNull();
    await setTime(at(day + 2, 47));
    expect(
      (await putPair(PAIR, fastPair({ name: "FC Walk", periodSeconds: 30, cutoffSeconds: 5, volatilityBp: 5 })))
        .changesFrom,
    ).toBeNull();
    // watched to the period's end (its ticks need the beacon's rounds as they come), then the day's
    await setTime(at(day + 2, 64));
    await platform.call("market", { params: { pair: PAIR } });
    await setTime(at(day + 3));
    const periodNo = `${ymd(day + 2)}0002`; // 00:00:30 … 00:01:00
    const withGap = await proof(PAIR, periodNo);
    expect(withGap.statusCode, withGap.message).toBe(200);
    // from 34: the ticks of 34 and 35 wait for the round published at 36, after the pause
    expect(withGap.data!.gaps).toEqual([[(day + 2) * DAY + 34, (day + 2) * DAY + 47]]);
    expect(verifyProof(withGap.data!).status).toBe("match");
    // the same proof without its gaps does not verify: nothing was drawn in those seconds
    expect(verifyProof({ ...withGap.data!, gaps: [] }).status).toBe("mismatch");
  });
});
