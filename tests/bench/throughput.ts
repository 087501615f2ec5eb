import { performance } from "node:perf_hooks";
import { platformCall } from "./clients";
import { cpuTimes, type Role } from "./processes";
import { SITE } from "./config";
import { median, quantile } from "./stats";
import { tool } from "./tools";

/**
 * Server-side rendering against the static asset on the same server in the same run
 * (autocannon, 10 connections), and what the BFF hop adds to a loader that only forwards
 * platform data.
 */

export interface Cannon {
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
  /** CPU ms per answered request, by process of the stack */
  cpu: Partial<Record<Role, number>>;
}

async function cannon(
  path: string,
  seconds: number,
  cookie: string | undefined,
  processes: Partial<Record<Role, number>>,
): Promise<Cannon> {
  // autocannon is not in package.json: the bench installs it when it first needs it (tools.ts)
  const { default: autocannon } = await tool("autocannon");
  const before = cpuTimes(processes);
  const result = await autocannon({
    url: SITE + path,
    connections: 10,
    duration: seconds,
    headers: cookie ? { cookie } : {},
  });
  const after = cpuTimes(processes);
  const ok = result["2xx"];
  const cpu: Partial<Record<Role, number>> = {};
  for (const role of Object.keys(after) as Role[])
    cpu[role] = ((after[role] ?? 0) - (before[role] ?? 0)) / Math.max(1, ok);
  return {
    path,
    requestsPerSecond: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    failed: result.non2xx + result.errors + result.timeouts,
    cpu,
  };
}

export interface Throughput {
  asset: Cannon[];
  pages: Cannon[];
  /** the static asset's requests/s: the mean of its run before and after the pages */
  assetRps: number;
  /** the site worker answering without tenant, session or Remix (/build-id.json): the dev server's floor for a worker response */
  workerFloor: Cannon;
}

/**
 * The asset runs first and last, the pages between, so drift of a shared machine shows as a
 * difference between the asset's two runs. Each run has a short warm-up that is not counted.
 */
export async function measureThroughput(
  assetPath: string,
  pages: { path: string; cookie?: string }[],
  seconds: number,
  processes: Partial<Record<Role, number>>,
): Promise<Throughput> {
  const run = async (path: string, cookie?: string) => {
    await cannon(path, 2, cookie, processes);
    return cannon(path, seconds, cookie, processes);
  };
  const asset = [await run(assetPath)];
  const workerFloor = await run("/build-id.json");
  const measured: Cannon[] = [];
  for (const page of pages) measured.push(await run(page.path, page.cookie));
  asset.push(await run(assetPath));
  return {
    asset,
    pages: measured,
    assetRps: asset.reduce((n, a) => n + a.requestsPerSecond, 0) / asset.length,
    workerFloor,
  };
}

export interface BffOverhead {
  sitePath: string;
  platformPath: string;
  siteP50: number;
  platformP50: number;
  siteP90: number;
  platformP90: number;
  /** p50 of /build-id.json, answered by the site worker at once: what any request to the site costs here */
  floorP50: number;
  /** p50 of the same loader refusing an unknown pair: tenant, session and Remix, without the platform call */
  noCallP50: number;
  samples: number;
}

/**
 * The candles loader (GET /api/game/candles, a signed-in member's) against the platform call it
 * makes (GET /market/<pair>/candles, limit 200), one request at a time on kept-alive connections,
 * alternating so both see the same machine. Each sample is the time to the last byte.
 */
export async function measureBff(cookie: string, pair: string, samples: number): Promise<BffOverhead> {
  const sitePath = `/api/game/candles?pair=${pair}&interval=1m`;
  const site = async () => {
    const start = performance.now();
    const response = await fetch(SITE + sitePath, { headers: { cookie } });
    const body = (await response.json()) as { candles?: unknown[]; error?: string | null };
    const elapsed = performance.now() - start;
    if (response.status !== 200 || body.error || !body.candles?.length)
      throw new Error(`candles loader: ${response.status} ${body.error ?? ""}`);
    return elapsed;
  };
  const direct = async () => {
    const start = performance.now();
    const envelope = await platformCall("candles", { params: { pair }, query: { interval: "1m", limit: 200 } });
    const elapsed = performance.now() - start;
    if (envelope.statusCode !== 200) throw new Error(`candles call: ${envelope.statusCode} ${envelope.message}`);
    return elapsed;
  };
  const floor = async () => {
    const start = performance.now();
    const response = await fetch(`${SITE}/build-id.json`);
    await response.arrayBuffer();
    return performance.now() - start;
  };
  const noCall = async () => {
    const start = performance.now();
    const response = await fetch(`${SITE}/api/game/candles?pair=NOPE-USDT&interval=1m`, { headers: { cookie } });
    await response.arrayBuffer();
    const elapsed = performance.now() - start;
    if (response.status !== 400) throw new Error(`candles loader with an unknown pair: ${response.status}`);
    return elapsed;
  };
  for (let i = 0; i < 20; i++) {
    await site();
    await direct();
    await floor();
    await noCall();
  }
  const siteTimes: number[] = [];
  const platformTimes: number[] = [];
  const floorTimes: number[] = [];
  const noCallTimes: number[] = [];
  for (let i = 0; i < samples; i++) {
    // alternate which goes first, so neither always follows the other
    if (i % 2 === 0) {
      siteTimes.push(await site());
      platformTimes.push(await direct());
    } else {
      platformTimes.push(await direct());
      siteTimes.push(await site());
    }
    if (i % 3 === 0) floorTimes.push(await floor());
    if (i % 3 === 1) noCallTimes.push(await noCall());
  }
  return {
    sitePath,
    platformPath: `/market/${pair}/candles?interval=1m&limit=200`,
    siteP50: median(siteTimes),
    platformP50: median(platformTimes),
    siteP90: quantile(siteTimes, 0.9),
    platformP90: quantile(platformTimes, 0.9),
    floorP50: median(floorTimes),
    noCallP50: median(noCallTimes),
    samples,
  };
}
