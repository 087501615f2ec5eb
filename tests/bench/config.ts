import { fileURLToPath } from "node:url";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium";

/** Where the bench runs: its own ports (not the dev server's or the e2e suite's), on loopback only. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const SITE_PORT = Number(process.env.BENCH_SITE_PORT ?? 8857);
export const PLATFORM_PORT = Number(process.env.BENCH_PLATFORM_PORT ?? 8858);
/** 127.0.0.1 and localhost both map to the demo site (wrangler.toml `[env.dev]` TENANT_HOSTS). */
export const SITE = `http://127.0.0.1:${SITE_PORT}`;
/** the HTTP/2 TLS front the slow-phone figure loads the site through (h2-front.ts) */
export const H2_PORT = Number(process.env.BENCH_H2_PORT ?? PLATFORM_PORT + 1);
export const PLATFORM = `http://127.0.0.1:${PLATFORM_PORT}`;
/** fresh every run: no accounts, bets or sessions left from the last one */
export const STATE_DIR = "tests/.tmp/bench-state";
export const LOG_FILE = "tests/.tmp/bench-stack.log";
export const RESULTS_FILE = "tests/bench/RESULTS.md";
export const SITE_ID = "demo";
export const CHROMIUM = process.env.BENCH_CHROMIUM ?? CHROMIUM_PATH;
export const CHROME_FLAGS = CHROMIUM_FLAGS;

/**
 * Environment for every wrangler the bench starts (build and dev): no metrics, no update check
 * (the banner's npm query), no `Request.cf` download: nothing leaves the machine.
 */
export const QUIET_WRANGLER_ENV = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/** Sizes are in bytes of brotli (quality 11). */
export const KB = 1024;
export const BUDGETS = {
  initialJs: 90 * KB,
  /**
   * The back office's pages (/bo, staff's: app/backoffice/README.md, "Budgets"): on work phones and
   * desks rather than members' slow phones, with tables, editors and previews a member page never has
   */
  backOfficeJs: 120 * KB,
  lazyGameJs: 60 * KB,
  css: 12 * KB,
  html: 20 * KB,
  /**
   * /game usable on a slow phone (usable.ts: Slow 4G, 4× slower CPU, 360×640, signed in): ms from
   * the navigation's start until the bet form is hydrated and the live price streams, the median
   * of the runs; cold is a fresh profile, the second visit loads the page again with its cache
   */
  gameUsableColdMs: 3_000,
  gameUsableWarmMs: 1_500,
  lighthouse: { performance: 95, accessibility: 100, "best-practices": 95, seo: 95 },
  /** requests/s of an SSR page as a share of the static asset's */
  ssrShare: { "/login": 0.5, "/user": 0.3 },
  bffAddedMs: 2,
  betP99Ms: 300,
  settleSeconds: 3,
  tickP95Ms: 250,
  /** contract trading: every position a tick stops out is closed within this many seconds of the tick */
  stopOutSeconds: 3,
  /** contract trading: the market's trigger check per tick with 10,000 open positions, none crossed */
  triggerCheckMs: 1,
  /** the site worker's module (.build/site/index.js), uncompressed bytes */
  workerBytes: 1024 * KB,
  /**
   * CPU ms to load the site worker's module in workerd (tests/bench/worker.ts). Cloudflare refuses
   * a Worker whose start-up takes over 400 ms; 100 ms keeps a 4× margin for a slower or busier
   * CPU than the bench machine's, and every isolate Cloudflare starts makes its first request wait for it.
   */
  workerStartupMs: 100,
  /**
   * The crash scenario (crash.ts): answers that break exactly-once (a key answered two ways, a 200
   * without exactly one effect, an effect without a 200, money not conserved, a bet or position not
   * settled once). A client must be able to trust every answer, so none is allowed.
   */
  crashViolations: 0,
} as const;
