/**
 * `npm run bench`: builds the production bundle, starts the product on loopback as `npm start` does
 * (fresh state, demo sites seeded), measures its figures against their budgets (config.ts BUDGETS;
 * tests/README.md, "Benchmark"), stops what it started and writes tests/bench/RESULTS.md. Not part
 * of `npm test`: the figures depend on the machine; run it on a quiet one. Progress goes to stdout,
 * the servers' output to tests/.tmp/bench-stack.log, the raw figures to
 * tests/.tmp/bench-figures.json.
 *
 * Environment: BENCH_SITE_PORT / BENCH_PLATFORM_PORT (8857 / 8858), BENCH_SKIP_BUILD=1 (measure the
 * current build), BENCH_TIMEOUT_SECONDS (1200), BENCH_LIGHTHOUSE_RUNS (1; the median run counts),
 * BENCH_LIGHTHOUSE_PATHS (a comma list of the pages Lighthouse measures; all six when unset),
 * BENCH_LIGHTHOUSE_REPORTS=1 (also keep each page's full Lighthouse report, JSON, in
 * tests/.tmp/lighthouse/: its LCP element, critical chains and traces, to see why a score is what it is),
 * the scale knobs of SCALE below, and BENCH_ONLY (a comma list of worker, html, usable, lighthouse, throughput,
 * bff, live, burst, cutoff, settlement, triggers, stopout, crash: measure only these, e.g. while working on one figure). The bundle
 * sizes are always measured; `worker` (the site worker's module size and start-up, worker.ts)
 * needs no running product, so `BENCH_ONLY=worker` starts none. Lighthouse and autocannon are not
 * in package.json: the bench installs them (npm install --no-save) the first time a figure needs them.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_PAIRS } from "../../server/platform/market/pairs";
import { betBurst, settlement } from "./bets";
import { cutoffCrowd } from "./cutoff";
import { stopOutBurst, triggerCheck } from "./contract";
import { analyseBundle, brotli, piecesInHtml, scriptsInHtml, stylesheetsInHtml } from "./bundle";
import { devServerRetries, must, Visitor } from "./clients";
import { crashScenario } from "./crash";
import { BUDGETS, H2_PORT, RESULTS_FILE, ROOT, SITE, SITE_ID, SITE_PORT } from "./config";
import { startH2Front } from "./h2-front";
import { runLighthouse } from "./lighthouse";
import { measureLive, platformStream, siteStream } from "./live";
import { machine } from "./machine";
import { createMembers } from "./members";
import { stackProcesses } from "./processes";
import { renderResults, type Figures } from "./report";
import { runBuild, startStack, stopRunningStack, type Stack } from "./stack";
import { pool } from "./stats";
import { measureBff, measureThroughput } from "./throughput";
import { measureUsable } from "./usable";
import { ensureTools, type ToolName } from "./tools";
import { measureWorker } from "./worker";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SCALE = {
  /**
   * Lighthouse runs per page, the median's performance counting: one run moves by several points
   * with what else the machine does (the same build of /game gave 93 to 98), as Lighthouse's own
   * guidance on variability says; five is what it recommends
   */
  lighthouseRuns: env("BENCH_LIGHTHOUSE_RUNS", 5),
  /** /game usable on Slow 4G (usable.ts): fresh profiles, each a cold load and a second visit */
  usableRuns: env("BENCH_USABLE_RUNS", 5),
  /** the same over the local server's HTTP/1.1, for comparison (no budget; 0 skips it) */
  usableHttp1Runs: env("BENCH_USABLE_HTTP1_RUNS", 3),
  startupRuns: env("BENCH_STARTUP_RUNS", 5),
  cannonSeconds: env("BENCH_CANNON_SECONDS", 8),
  bffSamples: env("BENCH_BFF_SAMPLES", 300),
  liveClients: env("BENCH_LIVE_CLIENTS", 1_000),
  liveSeconds: env("BENCH_LIVE_SECONDS", 15),
  burstMembers: env("BENCH_BURST_MEMBERS", 200),
  burstWindowMs: env("BENCH_BURST_WINDOW_MS", 10_000),
  /** the cut-off crowd (cutoff.ts): members betting at once, this long before a period's cut-off */
  cutoffMembers: env("BENCH_CUTOFF_MEMBERS", 200),
  cutoffLeadMs: env("BENCH_CUTOFF_LEAD_MS", 3_000),
  settleMembers: env("BENCH_SETTLE_MEMBERS", 1_000),
  /** contract trading: members of the stop-out burst (ten positions each, one of them stopped out) */
  stopOutMembers: env("BENCH_STOPOUT_MEMBERS", 1_000),
  betsPerMember: env("BENCH_BETS_PER_MEMBER", 10),
  /** the crash scenario (crash.ts): members, SIGKILLs of the whole server, seconds of trading */
  crashMembers: env("BENCH_CRASH_MEMBERS", 40),
  crashKills: env("BENCH_CRASH_KILLS", 6),
  crashSeconds: env("BENCH_CRASH_SECONDS", 300),
};
/** the figures to measure (all unless BENCH_ONLY names some) */
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);
const wanted = (name: string) => ONLY.size === 0 || ONLY.has(name);
/** the figures measured against the running product (the others need only the build) */
const ON_THE_STACK = [
  "html",
  "usable",
  "lighthouse",
  "throughput",
  "bff",
  "live",
  "burst",
  "cutoff",
  "settlement",
  "stopout",
];
const LIVE_PAIR = "BTC-USDT";
const BURST_PAIR = "BTC-USDT";
const SETTLE_PAIR = "ETH-USDT";
/** the cut-off crowd bets on a default pair of its own, not the burst's */
const CUTOFF_PAIR = "ETH-USDT";
const LIGHTHOUSE_PATHS = process.env.BENCH_LIGHTHOUSE_PATHS?.split(",").filter(Boolean) ?? [
  "/",
  "/login",
  "/register",
  "/terms",
  "/user",
  "/game",
];
const SIGNED_IN = new Set(["/user", "/game"]);

const began = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - began) / 1000).toFixed(0).padStart(3)} s] ${line}`);

/** The whole run's limit: whatever hangs, the bench stops what it started and writes what it has. */
const TIMEOUT_SECONDS = env("BENCH_TIMEOUT_SECONDS", 1_200);
const figures: Figures = { date: new Date().toISOString(), machine: machine(), scale: SCALE, phases: [], errors: [] };

async function abort(reason: string, code: number) {
  figures.errors.push(reason);
  log(reason);
  await stopRunningStack();
  finish(figures);
  process.exit(code);
}

async function main() {
  /** One measurement; a failure is recorded and the run goes on with the next. */
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T | undefined> => {
    const start = Date.now();
    log(`${name}…`);
    try {
      return await work();
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      figures.errors.push(`${name}: ${message}`);
      log(`  failed: ${message}`);
      return undefined;
    } finally {
      figures.phases.push({ name, seconds: (Date.now() - start) / 1000 });
    }
  };

  if (process.env.BENCH_SKIP_BUILD !== "1") {
    const built = await phase("npm run build", async () => {
      await runBuild();
      return true;
    });
    if (!built) return finish(figures);
  }
  const bundle = await phase("bundle sizes", analyseBundle);
  figures.bundle = bundle;
  // before the product starts: the machine is quiet, and nothing else runs in workerd
  if (wanted("worker"))
    figures.worker = await phase("site worker: module size and start-up in workerd", () =>
      measureWorker({ runs: SCALE.startupRuns }),
    );
  // contract trading's per-tick trigger check: a pure module, timed in Node before the product starts
  if (wanted("triggers"))
    figures.triggerCheck = await phase("trigger check per tick, 10,000 open positions (Node)", async () =>
      triggerCheck(),
    );
  if (!ON_THE_STACK.some(wanted) && !wanted("crash")) return finish(figures);

  // bench-only tools, installed now if missing, so that no download runs alongside a measurement
  // (if this fails, the figures that need them fail and the others are measured)
  const tools: ToolName[] = [];
  if (wanted("lighthouse")) tools.push("lighthouse", "chrome-launcher");
  if (wanted("throughput")) tools.push("autocannon");
  if (tools.length) await phase("bench-only tools (tools.ts)", () => ensureTools(tools, log));

  let stack: Stack | undefined;
  if (ON_THE_STACK.some(wanted)) {
    try {
      stack = await phase("start the product (server/cli/local/serve.ts)", () => startStack());
      if (stack) await measure(figures, phase, bundle, stack);
    } finally {
      if (stack) await phase("stop the product", () => stack!.stop());
    }
  }
  // last, on a product of its own: it kills the server and keeps its state between restarts
  if (wanted("crash"))
    figures.crash = await phase(
      `crash: ${SCALE.crashMembers} members, ${SCALE.crashKills} SIGKILLs over ${SCALE.crashSeconds} s`,
      () => crashScenario({ members: SCALE.crashMembers, kills: SCALE.crashKills, seconds: SCALE.crashSeconds, log }),
    );
  finish(figures);
}

type Phase = <T>(name: string, work: () => Promise<T>) => Promise<T | undefined>;

async function measure(
  figures: Figures,
  phase: Phase,
  bundle: Awaited<ReturnType<typeof analyseBundle>> | undefined,
  stack: Stack,
) {
  const setup = await phase("a member for the pages behind sign-in", async () => {
    const site = await must("siteInfo", { params: { siteId: SITE_ID } });
    const gameCode = site.games[0]?.code;
    if (!gameCode || !site.pairs.includes(BURST_PAIR) || !site.pairs.includes(SETTLE_PAIR))
      throw new Error("the demo site lacks the game or its pairs");
    const [member] = await createMembers(1, { from: 0, deposit: 10_000, toGame: 5_000, gameCode, concurrency: 1 });
    const visitor = new Visitor();
    await visitor.signIn(member!.account, member!.password);
    return { gameCode, visitor };
  });
  if (!setup) return;
  const { gameCode, visitor: pageVisitor } = setup;
  // the session cookie as it is now (reading a page may rewrite it, e.g. when a toast is shown)
  const cookie = () => pageVisitor.cookieHeader;

  if (wanted("html"))
    figures.html = await phase("HTML of / and /login; files the served pages ask for", async () => {
      const html: NonNullable<Figures["html"]> = { pages: [], mismatches: [] };
      const anonymous = new Visitor();
      for (const path of LIGHTHOUSE_PATHS) {
        const visitor = SIGNED_IN.has(path) ? pageVisitor : anonymous;
        const body = await visitor.page(path);
        if (path === "/" || path === "/login")
          html.pages.push({ path, raw: Buffer.byteLength(body), brotli: brotli(body) });
        if (!bundle) continue;
        // the served page must ask for exactly the files computed from the build for its route
        const route = bundle.routes.find((r) => r.url === path);
        if (!route) {
          html.mismatches.push(`${path}: no route in the manifest`);
          continue;
        }
        const served = scriptsInHtml(body);
        const missing = route.js.filter((file) => !served.includes(file));
        const extra = served.filter((file) => !route.js.includes(file));
        if (missing.length || extra.length) {
          html.mismatches.push(
            `${path}: computed but not served ${missing.join(" ") || "none"}; served but not computed ${extra.join(" ") || "none"}`,
          );
        }
        // a piece's chunks are among the route's lazy JS (what its code may import later)
        const strays = piecesInHtml(body).filter((file) => !route.lazy.includes(file));
        if (strays.length) html.mismatches.push(`${path}: preloads pieces not in its lazy JS: ${strays.join(" ")}`);
        const css = stylesheetsInHtml(body);
        if (css.join() !== route.css.join())
          html.mismatches.push(`${path}: stylesheets ${css.join(" ")}, computed ${route.css.join(" ")}`);
      }
      return html;
    });

  if (wanted("usable")) {
    // over HTTP/2, as production serves the site (h2-front.ts); the local server's HTTP/1.1 after
    const front = await phase(`HTTP/2 front on ${H2_PORT} (h2-front.ts)`, () => startH2Front(H2_PORT, SITE_PORT));
    if (front) {
      try {
        figures.usable = await phase(
          `/game usable on Slow 4G, 4× CPU, HTTP/2 (${SCALE.usableRuns} fresh profiles)`,
          () =>
            measureUsable(
              {
                origin: front.origin,
                protocol: "HTTP/2",
                flags: [`--ignore-certificate-errors-spki-list=${front.spki}`],
              },
              cookie(),
              SCALE.usableRuns,
              log,
            ),
        );
      } finally {
        await front.close();
      }
    }
    if (SCALE.usableHttp1Runs > 0)
      figures.usableHttp1 = await phase(
        `/game usable on Slow 4G, 4× CPU, HTTP/1.1 (${SCALE.usableHttp1Runs} fresh profiles)`,
        () => measureUsable({ origin: SITE, protocol: "HTTP/1.1" }, cookie(), SCALE.usableHttp1Runs, log),
      );
  }

  if (wanted("lighthouse")) {
    const lighthouse = await phase("Lighthouse", () =>
      runLighthouse(
        LIGHTHOUSE_PATHS.map((path) => ({ path, cookie: SIGNED_IN.has(path) ? cookie : undefined })),
        SCALE.lighthouseRuns,
        log,
      ),
    );
    figures.lighthouse = lighthouse?.results;
    figures.errors.push(...(lighthouse?.errors ?? []).map((e) => `Lighthouse: ${e}`));
  }

  const asset = bundle?.routes[0]?.css[0] ?? "/brand/demo/logo.svg";
  if (wanted("throughput"))
    figures.throughput = await phase("SSR throughput (autocannon)", () =>
      measureThroughput(
        asset,
        [{ path: "/login" }, { path: "/user", cookie: cookie() }],
        SCALE.cannonSeconds,
        stackProcesses(stack.group),
      ),
    );
  if (wanted("bff")) figures.bff = await phase("BFF overhead", () => measureBff(cookie(), LIVE_PAIR, SCALE.bffSamples));
  if (wanted("live"))
    figures.live = await phase(`live price, ${SCALE.liveClients} WebSocket clients`, () =>
      measureLive(siteStream(LIVE_PAIR), SCALE.liveClients, SCALE.liveSeconds, log),
    );
  if (figures.live && figures.live.p95 > BUDGETS.tickP95Ms) {
    // over budget: the same crowd straight on the platform tells the site's relay from the market's broadcast
    figures.livePlatform = await phase(`live price straight from the platform (diagnosis)`, () =>
      measureLive(platformStream(LIVE_PAIR), SCALE.liveClients, SCALE.liveSeconds, log),
    );
  }

  if (!wanted("burst") && !wanted("cutoff") && !wanted("settlement") && !wanted("stopout")) return;
  const memberCount = Math.max(
    wanted("settlement") ? SCALE.settleMembers : 0,
    wanted("burst") ? SCALE.burstMembers : 0,
    wanted("cutoff") ? SCALE.cutoffMembers : 0,
    wanted("stopout") ? SCALE.stopOutMembers : 0,
  );
  const members = await phase(`${memberCount} members (sign-up, sign-in, deposit, transfer)`, () =>
    createMembers(memberCount, {
      from: 1,
      deposit: 20_000,
      toGame: 5_000,
      gameCode,
      concurrency: 8,
      progress: (n) => {
        if (n % 100 === 0) log(`  ${n} members`);
      },
    }),
  );
  if (!members) return;
  if (wanted("burst"))
    figures.burst = await phase(`bet burst, ${SCALE.burstMembers} members through the site`, async () => {
      const visitors = await pool(members.slice(0, SCALE.burstMembers), 4, async (member) => {
        const visitor = new Visitor();
        await visitor.signIn(member.account, member.password);
        return { member, visitor };
      });
      return betBurst(visitors, BURST_PAIR, SCALE.burstWindowMs, log);
    });
  if (wanted("cutoff"))
    figures.cutoff = await phase(`cut-off crowd, ${SCALE.cutoffMembers} members at once on the platform`, () =>
      cutoffCrowd(members.slice(0, SCALE.cutoffMembers), CUTOFF_PAIR, SCALE.cutoffLeadMs, log),
    );
  const eth = DEFAULT_PAIRS[SETTLE_PAIR]!;
  if (wanted("settlement"))
    figures.settlement = await phase(`settlement, ${SCALE.settleMembers * SCALE.betsPerMember} bets`, () =>
      settlement(
        began + TIMEOUT_SECONDS * 1000,
        members.slice(0, SCALE.settleMembers),
        SCALE.betsPerMember,
        // a pair of its own, created with the planned period (a new pair's schedule applies at
        // once; a change of an existing pair's waits for a day committed after it), ETH-USDT's figures
        {
          symbol: "STL-USDT",
          name: "STL Walk",
          precision: eth.precision,
          startPrice: eth.startPrice,
          volatilityBp: eth.volatilityBp,
        },
        BURST_PAIR,
        25,
        log,
      ),
    );
  // last: it adds a pair to the demo site and leaves 9,000 positions open on it
  if (wanted("stopout"))
    figures.stopOut = await phase(
      `stop-out burst, ${SCALE.stopOutMembers * 10} positions, ${SCALE.liveClients} sockets`,
      () =>
        stopOutBurst(
          members.slice(0, SCALE.stopOutMembers),
          gameCode,
          (pair, untilMs, offsetMs) => measureLive(siteStream(pair), SCALE.liveClients, 0, log, untilMs, offsetMs),
          log,
        ),
    );
}

let finished = false;
function finish(figures: Figures) {
  if (finished) return;
  finished = true;
  figures.seconds = (Date.now() - began) / 1000;
  figures.devServerRetries = devServerRetries;
  figures.machine.load = `${figures.machine.load} at the start, ${machine().load} at the end`;
  writeFileSync(join(ROOT, RESULTS_FILE), renderResults(figures));
  mkdirSync(join(ROOT, "tests/.tmp"), { recursive: true });
  writeFileSync(join(ROOT, "tests/.tmp/bench-figures.json"), JSON.stringify(figures, null, 2));
  log(`wrote ${RESULTS_FILE} (${figures.seconds.toFixed(0)} s in all)`);
  if (figures.errors.length) process.exitCode = 1;
}

log(`bench against ${SITE}`);
process.once("SIGINT", () => void abort("interrupted (SIGINT)", 130));
process.once("SIGTERM", () => void abort("interrupted (SIGTERM)", 143));
const watchdog = setTimeout(
  () => void abort(`stopped after ${TIMEOUT_SECONDS} s (BENCH_TIMEOUT_SECONDS)`, 1),
  TIMEOUT_SECONDS * 1000,
);
await main();
clearTimeout(watchdog);
