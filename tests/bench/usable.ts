import { chromium, type Browser, type Page } from "playwright";
import { CHROME_FLAGS, CHROMIUM } from "./config";
import { browserCookies } from "./clients";
import { median } from "./stats";

/**
 * /game usable on a slow phone: how long from the start of the navigation until the bet form is
 * hydrated (its handlers attached) AND the live price streams (the market socket is open), on
 * Slow 4G with a 4× slower CPU at 360×640, signed in. Cold is a fresh browser profile (nothing
 * cached); the second visit loads /game again in the same profile right after.
 *
 * Slow 4G is Chrome DevTools' preset, set over CDP: 562.5 ms added to every request, 1.47 Mbit/s
 * down, 675 kbit/s up; the CPU is slowed with Emulation.setCPUThrottlingRate. Chromium applies the
 * latency to each HTTP request, so every chain of requests (a module fetched only once another has
 * run) pays it again: the figure counts the waves, not only the bytes.
 *
 * The page is watched from inside (an init script, before any of its own code), every 20 ms:
 * - hydrated: the bet form (`form.bet-form`) carries React's props, as the end-to-end tests' own
 *   wait for hydration reads it (tests/e2e/support.ts, waitForHydration);
 * - streaming: the market panel says Live (`.live-dot-on`, set when the market socket opens).
 * Both are times since the navigation started (performance.now()), so the server's answer counts.
 *
 * The budgeted figure is measured over HTTP/2 (h2-front.ts), as production serves the site:
 * Cloudflare multiplexes the page's ~30 script files on one connection, where the local workerd's
 * HTTP/1.1 lets Chromium open only six, so the files would come in rounds of a round trip each
 * (measured: 5.6 s cold over HTTP/1.1). Chromium emulates the latency per request either way.
 */

export const SLOW_4G = {
  latencyMs: 562.5,
  downloadBitsPerSecond: 1.47e6,
  uploadBitsPerSecond: 675e3,
  cpuSlowdown: 4,
} as const;

export interface UsableLoad {
  /** ms from the navigation's start */
  hydrated: number;
  streaming: number;
  /** the later of the two: when a member can bet on a moving price */
  usable: number;
  fcp: number;
  /** JavaScript files the page fetched from the network (not from the cache) before it was usable */
  jsFetched: number;
  /** ms from the navigation's start until the last of those scripts had arrived */
  lastScript: number;
  /** the document's protocol as the browser saw it (performance's nextHopProtocol: h2, http/1.1) */
  nextHop: string;
  /** errors the page logged (console.error, uncaught): React's #421 among them */
  errors: string[];
}

/** Where the page is loaded from and how. */
export interface UsableTarget {
  /** the site's origin: the HTTP/2 front (https) or the local server itself (http, HTTP/1.1) */
  origin: string;
  protocol: "HTTP/2" | "HTTP/1.1";
  /** Chromium flags beyond the bench's, e.g. the front's certificate key to accept */
  flags?: string[];
}

export interface UsableResult {
  protocol: UsableTarget["protocol"];
  runs: number;
  cold: UsableLoad[];
  warm: UsableLoad[];
  median: {
    cold: { usable: number; hydrated: number; streaming: number };
    warm: { usable: number; hydrated: number; streaming: number };
  };
}

const WATCH = `(() => {
  const marks = {};
  Object.defineProperty(window, "__benchUsable", { value: marks });
  const timer = setInterval(() => {
    if (marks.hydrated === undefined) {
      const form = document.querySelector("form.bet-form");
      if (form && Object.keys(form).some((k) => k.startsWith("__reactProps"))) marks.hydrated = performance.now();
    }
    if (marks.streaming === undefined && document.querySelector(".live-dot-on")) marks.streaming = performance.now();
    if (marks.hydrated !== undefined && marks.streaming !== undefined) clearInterval(timer);
  }, 20);
})();`;

/**
 * What the page measured, read once it is usable (a string: the bench runs under tsx, whose
 * compiled functions would name helpers the page does not have).
 */
const MEASURE = `(() => {
  const m = window.__benchUsable;
  const usable = Math.max(m.hydrated, m.streaming);
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  // scripts fetched over the network before the page was usable (a cached one has no transfer)
  const scripts = performance
    .getEntriesByType("resource")
    .filter((r) => /\\.js(\\?|$)/.test(r.name) && r.startTime < usable && r.transferSize > 0);
  const lastScript = scripts.reduce((t, r) => Math.max(t, r.responseEnd), 0);
  const navigation = performance.getEntriesByType("navigation")[0];
  return {
    nextHop: navigation ? navigation.nextHopProtocol : "",
    hydrated: m.hydrated,
    streaming: m.streaming,
    usable,
    fcp: paint ? paint.startTime : NaN,
    jsFetched: scripts.length,
    lastScript,
  };
})()`;

/** The longest a load may take before it counts as failed. */
const LOAD_TIMEOUT_MS = 60_000;

export async function measureUsable(
  target: UsableTarget,
  cookieHeader: string,
  runs: number,
  log: (line: string) => void,
  path = "/game",
): Promise<UsableResult> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROME_FLAGS, ...(target.flags ?? [])],
    headless: true,
  });
  const cold: UsableLoad[] = [];
  const warm: UsableLoad[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const { first, second } = await oneProfile(browser, target.origin, cookieHeader, path);
      cold.push(first);
      warm.push(second);
      log(
        `  ${target.protocol} run ${run + 1}: cold usable ${first.usable.toFixed(0)} ms (hydrated ${first.hydrated.toFixed(0)}, streaming ${first.streaming.toFixed(0)}, ${first.jsFetched} scripts, the last at ${first.lastScript.toFixed(0)}); second visit ${second.usable.toFixed(0)} ms`,
      );
    }
  } finally {
    await browser.close();
  }
  const summary = (loads: UsableLoad[]) => ({
    usable: median(loads.map((l) => l.usable)),
    hydrated: median(loads.map((l) => l.hydrated)),
    streaming: median(loads.map((l) => l.streaming)),
  });
  return { protocol: target.protocol, runs, cold, warm, median: { cold: summary(cold), warm: summary(warm) } };
}

/** One fresh profile: the cold load, then the second visit with what it cached. */
async function oneProfile(browser: Browser, origin: string, cookieHeader: string, path: string) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addCookies(browserCookies(cookieHeader, origin));
    await context.addInitScript(WATCH);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: SLOW_4G.latencyMs,
      downloadThroughput: SLOW_4G.downloadBitsPerSecond / 8,
      uploadThroughput: SLOW_4G.uploadBitsPerSecond / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_4G.cpuSlowdown });
    const first = await load(page, origin, path);
    const second = await load(page, origin, path);
    return { first, second };
  } finally {
    await context.close();
  }
}

async function load(page: Page, origin: string, path: string): Promise<UsableLoad> {
  const errors: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => {
    if (m.type() === "error") errors.push(m.text().slice(0, 200));
  };
  const onError = (e: Error) => errors.push(e.message.slice(0, 200));
  const failed: string[] = [];
  const onFailed = (r: { url(): string; failure(): { errorText: string } | null }) =>
    failed.push(`${r.url().replace(origin, "")} ${r.failure()?.errorText ?? ""}`);
  page.on("console", onConsole);
  page.on("pageerror", onError);
  page.on("requestfailed", onFailed);
  try {
    const response = await page.goto(origin + path, { waitUntil: "commit", timeout: LOAD_TIMEOUT_MS });
    if (!response || response.status() !== 200) throw new Error(`GET ${path}: ${response?.status()}`);
    if (new URL(page.url()).pathname !== path) throw new Error(`${path} ended on ${page.url()} (signed out?)`);
    await page
      .waitForFunction(
        () => {
          const m = (window as unknown as { __benchUsable?: { hydrated?: number; streaming?: number } }).__benchUsable;
          return m?.hydrated !== undefined && m.streaming !== undefined;
        },
        undefined,
        { timeout: LOAD_TIMEOUT_MS, polling: 100 },
      )
      .catch(async (error: unknown) => {
        // say which marker never came, and what the page failed to fetch or logged
        const marks = await page.evaluate("JSON.stringify(window.__benchUsable)").catch(() => "?");
        throw new Error(
          `${path} not usable after ${LOAD_TIMEOUT_MS} ms: marks ${String(marks)}; failed requests: ${failed.join(", ") || "none"}; errors: ${errors.join(" | ") || "none"} (${String(error).slice(0, 80)})`,
        );
      });
    const figures = (await page.evaluate(MEASURE)) as Omit<UsableLoad, "errors">;
    return { ...figures, errors };
  } finally {
    page.off("console", onConsole);
    page.off("pageerror", onError);
    page.off("requestfailed", onFailed);
  }
}
