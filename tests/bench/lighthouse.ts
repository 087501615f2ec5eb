import type Lighthouse from "lighthouse";
import { chromium } from "playwright";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CHROME_FLAGS, CHROMIUM, ROOT, SITE_PORT } from "./config";
import { browserCookies } from "./clients";
import { median } from "./stats";
import { tool } from "./tools";

/**
 * Lighthouse 12 with its default configuration: the mobile preset (Moto G Power class device,
 * slow 4G) and simulated throttling. A page behind sign-in has the member's session cookie in the
 * browser's cookie jar, as a member's browser has it, so the page's WebSocket handshakes carry it
 * too (Lighthouse's extraHeaders reach HTTP requests only: /game's member stream was refused and
 * its retries logged as console errors). Lighthouse and chrome-launcher are not in package.json:
 * the bench installs them when it first needs them (tools.ts).
 */

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseResult {
  path: string;
  scores: Record<Category, number>;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /** Lighthouse's measure of the CPU it ran on (higher is faster; a busy machine scores low and its TBT grows) */
  benchmarkIndex: number;
  /** audits below a full score that count towards a category (the cause of a lost point) */
  failing: { category: Category; id: string; title: string; score: number; displayValue: string; items: string[] }[];
  runs: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof Lighthouse>>>["lhr"];
type Tools = { lighthouse: typeof Lighthouse; launch: typeof import("chrome-launcher").launch };

export async function runLighthouse(
  paths: { path: string; cookie?: () => string }[],
  runs: number,
  log: (line: string) => void,
): Promise<{ results: LighthouseResult[]; errors: string[] }> {
  // localhost (not 127.0.0.1): Chromium treats it as a secure context, as it would HTTPS
  const origin = `http://localhost:${SITE_PORT}`;
  // one after the other: installing Lighthouse brings chrome-launcher too
  const tools: Tools = {
    lighthouse: (await tool("lighthouse", log)).default,
    launch: (await tool("chrome-launcher", log)).launch,
  };
  const results: LighthouseResult[] = [];
  const errors: string[] = [];
  for (const { path, cookie } of paths) {
    try {
      results.push(await runPage(tools, origin, path, cookie?.(), runs, log));
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
      log(`  ${path}: ${errors[errors.length - 1]}`);
    }
  }
  return { results, errors };
}

async function runPage(
  { lighthouse, launch }: Tools,
  origin: string,
  path: string,
  cookie: string | undefined,
  runs: number,
  log: (line: string) => void,
): Promise<LighthouseResult> {
  const lhrs: Lhr[] = [];
  // Lighthouse's own trace recording now and then fails (NO_NAVSTART, NO_FCP…): such a run says
  // nothing about the page, so it is made again, at most twice per page
  let retries = 2;
  for (let run = 0; run < runs; run++) {
    // a fresh browser (and profile) per run: no cookie of an earlier page can stand in for the member's
    const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
    try {
      if (cookie) await setCookies(chrome.port, origin, cookie);
      const result = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        // a fresh browser and profile per run has nothing stored; a reset would clear the cookie
        disableStorageReset: cookie !== undefined,
      });
      if (!result) throw new Error(`lighthouse gave no result for ${path}`);
      if (result.lhr.runtimeError) {
        if (retries-- > 0) {
          log(`  ${path}: ${result.lhr.runtimeError.code}, run again`);
          run--;
          continue;
        }
        throw new Error(`lighthouse on ${path}: ${result.lhr.runtimeError.message}`);
      }
      const final = new URL(result.lhr.finalDisplayedUrl).pathname;
      if (final !== path) throw new Error(`lighthouse on ${path} ended on ${final} (a sign-in redirect?)`);
      lhrs.push(result.lhr);
    } finally {
      await chrome.kill();
    }
  }
  // the run with the median performance score stands for the page
  const perf = lhrs.map((l) => l.categories.performance?.score ?? 0);
  const lhr = lhrs[perf.indexOf(median(perf))]!;
  if (process.env.BENCH_LIGHTHOUSE_REPORTS === "1") {
    const dir = join(ROOT, "tests/.tmp/lighthouse");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${path.replace(/\W+/g, "_") || "_"}.json`), JSON.stringify(lhr));
  }
  const summary = summarise(path, lhr, runs);
  log(`  ${path}: ${CATEGORIES.map((c) => `${c} ${summary.scores[c]}`).join(", ")}`);
  return summary;
}

/** Puts a Cookie header's pairs into the jar of the browser at `port` (over CDP), for `origin`. */
async function setCookies(port: number, origin: string, cookieHeader: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0]!.addCookies(browserCookies(cookieHeader, origin));
  } finally {
    // disconnects; the browser and its default context stay for Lighthouse
    await browser.close();
  }
}

function summarise(path: string, lhr: Lhr, runs: number): LighthouseResult {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing: LighthouseResult["failing"] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (ref.weight === 0 && category !== "performance") continue;
      if (
        category === "performance" &&
        ref.weight === 0 &&
        (audit.details?.type !== "opportunity" || !audit.displayValue)
      )
        continue;
      failing.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue ?? "",
        items: itemsOf(audit.details),
      });
    }
  }
  return {
    path,
    scores,
    metrics: {
      fcp: numeric("first-contentful-paint"),
      lcp: numeric("largest-contentful-paint"),
      tbt: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      si: numeric("speed-index"),
    },
    failing,
    runs,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** A failing audit's elements or URLs, briefly. */
function itemsOf(details: unknown): string[] {
  const items = (details as { items?: unknown[] } | undefined)?.items ?? [];
  return items.slice(0, 5).map((item) => {
    const i = item as {
      node?: { snippet?: string; explanation?: string };
      url?: string;
      source?: { url?: string };
      description?: string;
    };
    // a console error (errors-in-console): what was logged, and where
    if (i.description) return `${i.description.split("\n")[0]!.slice(0, 200)}${i.url ? ` (${i.url})` : ""}`;
    if (i.node?.snippet)
      return `${i.node.snippet}${i.node.explanation ? ` — ${i.node.explanation.split("\n")[0]}` : ""}`;
    return i.url ?? i.source?.url ?? JSON.stringify(item).slice(0, 160);
  });
}
