import type { BurstResult, SettlementResult } from "./bets";
import type { BundleReport } from "./bundle";
import type { StopOutResult, TriggerCheckResult } from "./contract";
import type { CutoffResult } from "./cutoff";
import type { CrashResult } from "./crash";
import { BUDGETS } from "./config";
import type { Category, LighthouseResult } from "./lighthouse";
import type { LiveResult } from "./live";
import type { UsableLoad, UsableResult } from "./usable";
import type { Machine } from "./machine";
import type { Role } from "./processes";
import { kb, median } from "./stats";
import type { BffOverhead, Throughput } from "./throughput";
import type { WorkerFigure } from "./worker";

/** Everything one run measured; what is missing was not reached (see `error`). */
export interface Figures {
  date: string;
  machine: Machine;
  scale: Record<string, number>;
  phases: { name: string; seconds: number }[];
  seconds?: number;
  /** phases that failed, and why; their figures are "not measured" */
  errors: string[];
  bundle?: BundleReport;
  /** the site worker's module: size, make-up and start-up in workerd */
  worker?: WorkerFigure;
  html?: { pages: { path: string; raw: number; brotli: number }[]; mismatches: string[] };
  /** /game usable on Slow 4G with a 4× slower CPU: cold and second visit, over HTTP/2 */
  usable?: UsableResult;
  /** the same over the local server's HTTP/1.1, for comparison */
  usableHttp1?: UsableResult;
  lighthouse?: LighthouseResult[];
  throughput?: Throughput;
  bff?: BffOverhead;
  live?: LiveResult;
  /** the same measurement straight on the platform's stream, made only when the site's missed its budget */
  livePlatform?: LiveResult;
  /** requests the dev server's proxy asked to send again (platform calls only) */
  devServerRetries?: number;
  burst?: BurstResult;
  /** the cut-off crowd: many bets at once just before a cut-off, each settled once */
  cutoff?: CutoffResult;
  settlement?: SettlementResult;
  /** contract trading: the market's trigger check per tick (pure module, in Node) */
  triggerCheck?: TriggerCheckResult;
  /** contract trading: one tick stopping out 1,000 of 10,000 positions, sockets watching */
  stopOut?: StopOutResult;
  /** exactly once under SIGKILL: the crash scenario's journal and audit */
  crash?: CrashResult;
}

type Verdict = "pass" | "**MISS**" | "not measured";
type Row = { figure: string; budget: string; measured: string; verdict: Verdict; cause?: string[] };

const verdict = (ok: boolean): Verdict => (ok ? "pass" : "**MISS**");
const f1 = (n: number) => n.toFixed(1);
const f0 = (n: number) => n.toFixed(0);
const pct = (n: number) => `${(n * 100).toFixed(0)} %`;
const missing = (figure: string, budget: string): Row => ({ figure, budget, measured: "—", verdict: "not measured" });

/** Issues' causes and cures, worded from what was measured in this run. */
function rows(f: Figures): Row[] {
  const out: Row[] = [];
  const b = f.bundle;

  // bundles ------------------------------------------------------------------------------------
  if (b) {
    // the member site's pages; the back office's (/bo, staff's) have a budget of their own
    const memberRoutes = b.routes.filter((r) => !r.url.startsWith("/bo"));
    const staffRoutes = b.routes.filter((r) => r.url.startsWith("/bo"));
    const worst = memberRoutes.reduce((a, r) => (r.jsBrotli > a.jsBrotli ? r : a));
    const best = memberRoutes.reduce((a, r) => (r.jsBrotli < a.jsBrotli ? r : a));
    const over = memberRoutes.filter((r) => r.jsBrotli > BUDGETS.initialJs);
    const cause: string[] = [];
    if (over.length) {
      const above = b.breakdown(best.url).filter((s) => !FRAMEWORK.has(s.source));
      cause.push(
        `The framework alone (React, react-dom, the Remix browser runtime) is ${kb(b.floor.brotli)}, which leaves ${kb(
          BUDGETS.initialJs - b.floor.brotli,
        )} for the app.`,
        `Even the lightest route (${best.url}, ${kb(best.jsBrotli)}) loads on top of it: ${above
          .slice(0, 6)
          .map((s) => `${s.source} ${kb(s.brotli)}`)
          .join(", ")}.`,
        ...jsCures(b, worst.url),
      );
    }
    out.push({
      figure: "Initial JS per route, brotli (entry, root, route and their static imports)",
      budget: "≤ 90 KB on every route",
      measured: `${kb(worst.jsBrotli)} on ${worst.url} (worst of ${memberRoutes.length} member routes; lightest ${kb(best.jsBrotli)} on ${
        best.url
      }); framework floor ${kb(b.floor.brotli)}`,
      verdict: verdict(over.length === 0),
      cause,
    });
    if (staffRoutes.length > 0) {
      const staffWorst = staffRoutes.reduce((a, r) => (r.jsBrotli > a.jsBrotli ? r : a));
      const staffCss = staffRoutes.reduce((a, r) => (r.cssBrotli > a.cssBrotli ? r : a));
      out.push({
        figure: "Initial JS per back-office route (/bo, staff's), brotli",
        budget: "≤ 120 KB on every route",
        measured: `${kb(staffWorst.jsBrotli)} on ${staffWorst.url} (worst of ${staffRoutes.length}); CSS at most ${kb(
          staffCss.cssBrotli,
        )} (${staffCss.url})`,
        verdict: verdict(staffRoutes.every((r) => r.jsBrotli <= BUDGETS.backOfficeJs)),
      });
    }
    const game = b.routes.find((r) => r.url === "/game");
    if (game) {
      // what every page may load later (the root's, e.g. the toast) is not the game's
      const everyPage = game.lazy.filter((file) => b.routes.every((r) => r.lazy.includes(file)));
      const gameLazy = game.lazy.filter((file) => !everyPage.includes(file));
      const gameLazyBrotli = gameLazy.reduce((n, file) => n + (b.fileBrotli[file] ?? 0), 0);
      const elsewhere = b.routes.filter(
        (r) => r.url !== "/game" && r.js.some((file) => gameLazy.includes(file) && b.holdsGameCode(file)),
      );
      const shared = gameLazy.filter(
        (file) => !b.holdsGameCode(file) && b.routes.some((r) => r.url !== "/game" && r.js.includes(file)),
      );
      const alsoLazy = b.routes
        .filter((r) => r.url !== "/game" && r.lazy.some((file) => gameLazy.includes(file) && b.holdsGameCode(file)))
        .map((r) => r.url);
      out.push({
        figure: "JS loaded later on /game (chart, live stream)",
        budget: "≤ 60 KB brotli, never on other routes",
        measured:
          `${kb(gameLazyBrotli)} (${gameLazy.map((file) => file.replace(/^\/build\/(_shared\/)?/, "")).join(", ")}); ` +
          (elsewhere.length
            ? `in the initial JS of ${elsewhere.map((r) => r.url).join(", ")}`
            : `in no other route's initial JS`) +
          (alsoLazy.length ? ` (loaded later by ${alsoLazy.join(", ")} too, the same game)` : "") +
          (shared.length
            ? `; without game code, shared with other pages: ${shared.map((file) => file.replace(/^\/build\/(_shared\/)?/, "")).join(", ")}`
            : ""),
        verdict: verdict(gameLazyBrotli <= BUDGETS.lazyGameJs && elsewhere.length === 0),
      });
    }
    const css = memberRoutes.reduce((a, r) => (r.cssBrotli > a.cssBrotli ? r : a));
    out.push({
      figure: "CSS per route, brotli",
      budget: "≤ 12 KB",
      measured: `${kb(css.cssBrotli)} (${css.url}, the largest; ${[...new Set(b.routes.flatMap((r) => r.css))].length} stylesheet(s) in all)`,
      verdict: verdict(css.cssBrotli <= BUDGETS.css),
    });
  } else {
    out.push(
      missing("Initial JS per route, brotli", "≤ 90 KB on every route"),
      missing("JS loaded later on /game", "≤ 60 KB"),
      missing("CSS per route", "≤ 12 KB"),
    );
  }

  out.push(...workerRows(f.worker));

  for (const path of ["/", "/login"]) {
    const page = f.html?.pages.find((p) => p.path === path);
    out.push(
      page
        ? {
            figure: `HTML of ${path}, brotli`,
            budget: "≤ 20 KB",
            measured: `${kb(page.brotli)} (${kb(page.raw)} raw)`,
            verdict: verdict(page.brotli <= BUDGETS.html),
          }
        : missing(`HTML of ${path}, brotli`, "≤ 20 KB"),
    );
  }

  // a slow phone -------------------------------------------------------------------------------
  out.push(...usableRows(f.usable), ...usableHttp1Row(f.usableHttp1));

  // lighthouse ---------------------------------------------------------------------------------
  const lhBudget = "performance ≥ 95, accessibility 100, best practices ≥ 95, SEO ≥ 95";
  for (const path of ["/", "/login", "/register", "/terms", "/user", "/game"]) {
    const r = f.lighthouse?.find((l) => l.path === path);
    if (!r) {
      out.push(missing(`Lighthouse 12 mobile, ${path}`, lhBudget));
      continue;
    }
    const low = (Object.keys(BUDGETS.lighthouse) as Category[]).filter((c) => r.scores[c] < BUDGETS.lighthouse[c]);
    out.push({
      figure: `Lighthouse 12 mobile, ${path}`,
      budget: lhBudget,
      measured: `${r.scores.performance} · ${r.scores.accessibility} · ${r.scores["best-practices"]} · ${r.scores.seo} (FCP ${f1(
        r.metrics.fcp / 1000,
      )} s, LCP ${f1(r.metrics.lcp / 1000)} s, TBT ${f0(r.metrics.tbt)} ms, CLS ${r.metrics.cls.toFixed(3)})`,
      verdict: verdict(low.length === 0),
      cause: [
        ...(low.includes("performance")
          ? [
              `Lighthouse's CPU benchmark index during this page's run was ${f0(r.benchmarkIndex)}` +
                (r.benchmarkIndex < 1000
                  ? " (below 1000, where Lighthouse warns that the host CPU is too slow for its throttling to mean much)"
                  : "") +
                "; simulated throttling multiplies the tasks it observed, so a busy machine shows as Total Blocking Time and a late server answer as FCP.",
            ]
          : []),
        ...low.flatMap((c) =>
          r.failing
            .filter((a) => a.category === c)
            .map(
              (a) =>
                `${path} ${c}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}${a.items.length ? ` — ${a.items.join("; ")}` : ""}`,
            ),
        ),
      ],
    });
  }

  // server -------------------------------------------------------------------------------------
  const t = f.throughput;
  for (const [path, share] of Object.entries(BUDGETS.ssrShare)) {
    const page = t?.pages.find((p) => p.path === path);
    if (!t || !page) {
      out.push(missing(`SSR throughput of ${path} vs a static asset`, `≥ ${pct(share)}`));
      continue;
    }
    const ratio = page.requestsPerSecond / t.assetRps;
    out.push({
      figure: `SSR throughput of ${path} vs a static asset (autocannon, 10 connections)`,
      budget: `≥ ${pct(share)} of the asset's requests/s`,
      measured: `${pct(ratio)}: ${f0(page.requestsPerSecond)} req/s against ${f0(t.assetRps)} req/s (p50 ${f0(page.p50)} ms; ${page.failed} failed)`,
      verdict: verdict(ratio >= share && page.failed === 0),
      cause: ratio >= share ? [] : ssrCause(path, t, page),
    });
  }
  const bff = f.bff;
  out.push(
    bff
      ? {
          figure: "BFF overhead: p50 of the candles loader vs the platform call it makes",
          budget: "≤ 2 ms added",
          measured: `+${(bff.siteP50 - bff.platformP50).toFixed(2)} ms (loader ${bff.siteP50.toFixed(2)} ms, platform ${bff.platformP50.toFixed(
            2,
          )} ms, p50 of ${bff.samples} each)`,
          verdict: verdict(bff.siteP50 - bff.platformP50 <= BUDGETS.bffAddedMs),
          cause: bff.siteP50 - bff.platformP50 <= BUDGETS.bffAddedMs ? [] : bffCause(bff),
        }
      : missing("BFF overhead", "≤ 2 ms added"),
  );

  // game under load ----------------------------------------------------------------------------
  const burst = f.burst;
  out.push(
    burst
      ? {
          figure: `Bet burst: ${burst.bets} members bet through the site in the last ${burst.windowMs / 1000} s before the cut-off`,
          budget: "p99 ≤ 300 ms, zero failed bets, ledger balanced after",
          measured: `p99 ${f0(burst.p99)} ms (p50 ${f0(burst.p50)}, max ${f0(burst.max)}); ${burst.failed} failed; ledger ${
            burst.ledgerProblems.length
              ? `NOT balanced: ${burst.ledgerProblems.length} problems`
              : `balanced for all ${burst.bets} members`
          }`,
          verdict: verdict(burst.p99 <= BUDGETS.betP99Ms && burst.failed === 0 && burst.ledgerProblems.length === 0),
          cause: [
            ...burst.failures,
            ...burst.ledgerProblems,
            ...(burst.p99 > BUDGETS.betP99Ms ? burstCause(burst, f.settlement) : []),
          ],
        }
      : missing("Bet burst", "p99 ≤ 300 ms, zero failed bets, ledger balanced after"),
  );
  const cutoff = f.cutoff;
  const CUTOFF_BUDGET =
    "refused only as past the cut-off or started; over half accepted; each settled once; wallets and ledgers balanced";
  out.push(
    cutoff
      ? {
          figure: `Cut-off crowd: ${cutoff.members} members bet at once on the platform just before a cut-off`,
          budget: CUTOFF_BUDGET,
          measured: `${cutoff.accepted} accepted (${Object.entries(cutoff.answers)
            .map(([message, n]) => `${message} ${n}`)
            .join(
              ", ",
            )}) in ${f1(cutoff.seconds)} s; ${cutoff.problems.length ? `${cutoff.problems.length} problems` : "no problem"}`,
          verdict: verdict(cutoff.problems.length === 0),
          cause: cutoff.problems.slice(0, 10),
        }
      : missing("Cut-off crowd", CUTOFF_BUDGET),
  );
  const s = f.settlement;
  out.push(
    s
      ? {
          figure: `Settlement: ${s.placed.toLocaleString("en")} open bets of one period over ${s.members.toLocaleString("en")} members`,
          budget: `all settled ≤ ${BUDGETS.settleSeconds} s after the period's end`,
          measured: `last settled ${f1(s.lastSettledMs / 1000)} s after the end (median ${f1(s.medianSettledMs / 1000)} s); ${
            s.stillOpen
          } still open; ledger ${s.ledgerProblems.length ? `NOT balanced: ${s.ledgerProblems.length} problems` : "balanced for every member"}`,
          verdict: verdict(
            s.placed === s.bets &&
              s.stillOpen === 0 &&
              s.lastSettledMs <= BUDGETS.settleSeconds * 1000 &&
              s.ledgerProblems.length === 0,
          ),
          cause: [
            ...(s.placed < s.bets
              ? [`only ${s.placed} of ${s.bets} bets were placed in the period: ${s.refused.join("; ")}`]
              : []),
            ...s.ledgerProblems,
            ...(s.lastSettledMs > BUDGETS.settleSeconds * 1000 ? settleCause(s) : []),
          ],
        }
      : missing("Settlement of 10,000 bets", `all settled ≤ ${BUDGETS.settleSeconds} s after the period's end`),
  );
  out.push(...contractRows(f));
  const live = f.live;
  out.push(
    live
      ? {
          figure: `Live price: ${live.clients.toLocaleString("en")} WebSocket clients on one market through the site`,
          budget: "tick-to-client p95 ≤ 250 ms",
          measured: `p95 ${f0(live.p95)} ms (p50 ${f0(live.p50)}, max ${f0(live.max)}) over ${live.ticks.toLocaleString("en")} ticks; ${
            live.connected
          } connected, ${live.silent} got no tick`,
          verdict: verdict(live.p95 <= BUDGETS.tickP95Ms && live.silent === 0 && live.connected === live.clients),
          cause: live.p95 <= BUDGETS.tickP95Ms ? [] : liveCause(live, f.livePlatform),
        }
      : missing("Live price", "tick-to-client p95 ≤ 250 ms"),
  );
  out.push(...crashRows(f));
  return out;
}

const WORKER_SIZE_BUDGET = `≤ ${(BUDGETS.workerBytes / 1024 / 1024).toFixed(0)} MB uncompressed; no browser-only package`;
const WORKER_STARTUP_BUDGET = `≤ ${BUDGETS.workerStartupMs} ms (Cloudflare's limit: 400 ms)`;

function workerRows(w: WorkerFigure | undefined): Row[] {
  if (!w) {
    return [
      missing("Site worker module (.build/site/index.js)", WORKER_SIZE_BUDGET),
      missing("Site worker start-up: CPU to load its module in workerd", WORKER_STARTUP_BUDGET),
    ];
  }
  const top = w.sources
    .slice(0, 6)
    .map((s) => `${s.source} ${kb(s.bytes)}`)
    .join(", ");
  const sizeOk = w.bytes <= BUDGETS.workerBytes && w.browserOnly.length === 0;
  const rows: Row[] = [
    {
      figure: "Site worker module (.build/site/index.js), as `wrangler deploy` uploads it",
      budget: WORKER_SIZE_BUDGET,
      measured: `${kb(w.bytes)} (${kb(w.gzip)} gzip); browser-only packages in it: ${w.browserOnly.length ? w.browserOnly.join(", ") : "none"}`,
      verdict: verdict(sizeOk),
      cause: sizeOk
        ? []
        : [
            `The module's largest parts (minified bytes): ${top}.`,
            ...(w.browserOnly.length
              ? [
                  `${w.browserOnly.join(", ")} run only in the browser. What would fix it: import them from a \`*.client.ts\` module ` +
                    "(empty in the server build), as app/components/game/lightweight-charts.client.ts does for the chart.",
                ]
              : []),
          ],
    },
  ];
  const st = w.startup;
  if (!st) {
    rows.push(missing("Site worker start-up: CPU to load its module in workerd", WORKER_STARTUP_BUDGET));
    return rows;
  }
  const startupOk = st.ms <= BUDGETS.workerStartupMs;
  rows.push({
    figure: `Site worker start-up: ${st.measure === "cpu" ? "CPU" : "wall-clock time"} to load its module in a fresh workerd`,
    budget: WORKER_STARTUP_BUDGET,
    measured:
      `${f1(st.ms)} ms (median of ${st.runs.length} fresh workerd, less an empty module's ${f1(median(st.emptyRuns))} ms); ` +
      `the importing request took ${f0(st.wallMs)} ms wall clock (an empty module's ${f0(st.emptyWallMs)} ms)`,
    verdict: verdict(startupOk),
    cause: startupOk
      ? []
      : [
          `Start-up is parsing and compiling the module and running its top level. The module's largest parts (minified bytes): ${top}.`,
          "What would fix it: less code in the module (see the size figure), and less work at the top level " +
            "(e.g. catalogs or schemas built on first use instead of at load); `npx wrangler check startup` writes a CPU profile of the start-up that shows where it goes.",
        ],
  });
  return rows;
}

const FRAMEWORK = new Set([
  "react",
  "react-dom",
  "scheduler",
  "react-router",
  "react-router-dom",
  "@remix-run/router",
  "@remix-run/react",
  "turbo-stream",
]);

function jsCures(b: BundleReport, url: string): string[] {
  // what the route adds to the framework, largest first: where a cut would have to come from
  const added = b
    .breakdown(url)
    .filter((s) => !FRAMEWORK.has(s.source))
    .sort((x, y) => y.brotli - x.brotli)
    .slice(0, 6);
  return [
    `On ${url}, beyond the framework: ${added.map((s) => `${s.source} ${kb(s.brotli)}`).join(", ")}.`,
    "What would fix it: load the largest of these later (a lazy import on first use), as the game's chart is.",
  ];
}

const cpuOf = (c: Throughput["pages"][number], ...roles: Role[]) => roles.reduce((n, r) => n + (c.cpu[r] ?? 0), 0);

function ssrCause(path: string, t: Throughput, page: Throughput["pages"][number]): string[] {
  const floor = t.workerFloor.requestsPerSecond;
  const asset = t.asset[0]!;
  const lines = [
    `The site worker answering at once (/build-id.json: no tenant, session, platform call or render) makes ${f0(floor)} req/s, ` +
      `${pct(floor / t.assetRps)} of the asset; ${path} makes ${pct(page.requestsPerSecond / floor)} of that.`,
  ];
  if (Object.keys(page.cpu).length) {
    const own = cpuOf(page, "workerd");
    const ownAsset = cpuOf(asset, "workerd");
    lines.push(
      `CPU per request in workerd (site and platform): ${path} ${own.toFixed(2)} ms, the asset ${ownAsset.toFixed(2)} ms. ` +
        `${path} spends ${(own / ownAsset).toFixed(1)}× the asset's CPU: on a machine it keeps busy, ` +
        `${path} cannot reach more than about ${pct(ownAsset / own)} of the asset's rate.`,
    );
  }
  lines.push(
    path === "/user"
      ? "A signed-in page is rendered for each request: the site asks the platform for the member and the wallets (two calls over the service binding; " +
          "the member is read once per request though the root and the page both want it), the platform visits the member's object for each and the site's " +
          "configuration for the wallets (three Durable Object calls), then React renders the member center. A CPU profile of the site worker under this load " +
          "(Nov 2026): React's render about 45 % of the site's JavaScript, React Router matching the URL against the app's routes about 14 % (Remix's handler and " +
          "the static router each rank every route again), then the session cookie and Remix's handler; the platform's JavaScript is about a fifth of the site's, " +
          "and the runtime's own work for the five hops makes up the rest. Already cut: the document leaves as one buffer, Intl formatters are reused, navigation " +
          "links skip route matching, the route manifest is not recomputed per request. What would cut it further: fewer hops (the platform keeping a site's " +
          "configuration in memory between calls instead of asking the site's object for every wallets read), and fewer routes for React Router to rank."
      : "Signed-out pages that every visitor sees alike (/login, /, /terms) are rendered once per site snapshot and language and then served " +
          "from the isolate's memory with the visitor's CSRF token and nonce filled in (server/site/page-cache.ts); what is left per request is the tenant, " +
          "the session cookie (a fresh one is signed for each new visitor, as autocannon is) and the security headers.",
  );
  return lines;
}

function bffCause(x: BffOverhead): string[] {
  const own = x.noCallP50 - x.floorP50;
  const hop = x.siteP50 - x.noCallP50 - x.platformP50;
  return [
    `Where the ${(x.siteP50 - x.platformP50).toFixed(2)} ms go (p50s): reaching the site worker at all ${x.floorP50.toFixed(
      2,
    )} ms (/build-id.json); ` +
      `tenant, session and Remix up to the loader ${own.toFixed(
        2,
      )} ms (the same loader refusing an unknown pair before any platform call: ${x.noCallP50.toFixed(2)} ms); ` +
      `the site's own hop to the platform and checking the reply against the contract ${hop.toFixed(2)} ms beyond the platform call itself.`,
    "The site reaches the platform over the PLATFORM service binding, as deployed (npm run serve). The site's answers pass Miniflare's entry worker, which " +
      "stands in for Cloudflare's edge (it compresses them); the direct platform call goes to the platform's own socket without it, so the floor above is " +
      "mostly that extra hop, which a member's request meets deployed too. Measured with the site on a socket of its own (no entry worker, no " +
      "compression), the same loader added 1.65 ms (Nov 2026).",
  ];
}
function burstCause(burst: BurstResult, settle: SettlementResult | undefined): string[] {
  const offered = burst.bets / ((burst.windowMs - 500) / 1000);
  const lines = [
    `The bets arrived at about ${f0(
      offered,
    )} a second. Each is a site request (session, CSRF check, form validation, the session cookie written back) ` +
      "and one platform call that visits the site's configuration, the member's object and the market's object.",
  ];
  if (settle) {
    lines.push(
      `Straight to the platform, this machine took ${f0(settle.calibrationRate)} bets a second in the settlement's calibration and ${f0(
        settle.betsPerSecond,
      )} ` +
        "a second while placing the settlement's bets: " +
        (offered > settle.calibrationRate * 0.6
          ? "the burst asked for most of that capacity, so bets queued and the latency is mostly waiting."
          : "the burst asked for well under that, so the latency is each bet's own path rather than a queue."),
    );
  }
  return lines;
}

function settleCause(s: SettlementResult): string[] {
  return [
    `The market object hands each member's object its period's result when it records the close (market/results.ts: 64 members at a ` +
      `time), and each settles its ${s.bets / s.members} bets in one transaction, one statement per table; ` +
      `locally every object runs in the platform's one isolate, one at a time, so the ${s.members} members settle one after another: the median bet was settled ` +
      `${f1(s.medianSettledMs / 1000)} s and the last ${f1(s.lastSettledMs / 1000)} s after the end, about ${f1(
        s.lastSettledMs / s.members,
      )} ms per member.`,
    "Measured by hand before the market delivered the results (300 members × 10 bets, each member's alarm asking the market): 6.0 ms per " +
      "member before the settlement's SQL was cut, 4.7 ms after (the schema statements run only when they changed, one statement per table for a " +
      "period's bets, no live-stream rows for a member with no stream open). Before the cut, a CPU profile put most of the alarm's JavaScript in " +
      "the settling transaction's statements and the schema run on open; what is left was not profiled again, and includes the runtime's own work " +
      "(reopening each object and its SQLite file, dispatching the alarm, the call to the market object). Deployed, member objects run apart from " +
      "each other; locally, other processes on the machine's cores stretch every millisecond of it. What would cut it further: a profile of the " +
      "delivery as it is now (how much is the RPC to each member object, how much its transaction), then wider batches if the RPCs dominate.",
  ];
}

/** Contract trading's three budgets (the issue's "The benchmark"). */
function contractRows(f: Figures): Row[] {
  const out: Row[] = [];
  const c = f.triggerCheck;
  const us = (ns: number) => `${(ns / 1000).toFixed(2)} µs`;
  out.push(
    c
      ? {
          figure: `Trigger check per tick: TriggerBook.crossedAt on ${c.positions.toLocaleString("en")} open positions (${c.triggers.toLocaleString("en")} triggers), none crossed — the pure module (server/platform/market/trigger-book.ts) timed in Node, ${c.calls.toLocaleString("en")} calls`,
          budget: `≤ ${BUDGETS.triggerCheckMs} ms`,
          measured: `median ${us(c.medianNs)}, p99 ${us(c.p99Ns)}, max ${us(c.maxNs)} per call; a tick crossing ${c.crossing.positions.toLocaleString("en")} stop-outs: median ${us(c.crossing.medianNs)}`,
          verdict: verdict(c.p99Ns <= BUDGETS.triggerCheckMs * 1e6),
        }
      : missing("Trigger check per tick, 10,000 open positions", `≤ ${BUDGETS.triggerCheckMs} ms`),
  );
  const x = f.stopOut;
  if (!x) {
    out.push(
      missing(
        "Stop-out burst: one tick crossing 1,000 of 10,000 open positions",
        `every one closed ≤ ${BUDGETS.stopOutSeconds} s after the tick, 0 lost, ledgers balanced`,
      ),
      missing("Live price during the stop-out burst, 1,000 WebSocket clients", "tick-to-client p95 ≤ 250 ms"),
    );
    return out;
  }
  const open = x.farPositions + x.targets;
  out.push({
    figure: `Stop-out burst: one tick crossing ${x.targets.toLocaleString("en")} stop-outs among ${open.toLocaleString("en")} open positions on one pair over ${x.members.toLocaleString("en")} members`,
    budget: `every one closed ≤ ${BUDGETS.stopOutSeconds} s after the tick, 0 lost, ledgers balanced`,
    measured: `last closed ${f1(x.maxMs / 1000)} s after the tick (p95 ${f1(x.p95Ms / 1000)} s, median ${f1(x.p50Ms / 1000)} s); ${x.closed} closed, ${x.lost} lost; ${x.farStillOpen} of ${x.farPositions} other positions still open; ledger ${
      x.ledgerProblems.length ? `NOT balanced: ${x.ledgerProblems.length} problems` : "balanced for every member"
    }`,
    verdict: verdict(
      x.targets >= x.members &&
        x.lost === 0 &&
        x.closed === x.targets &&
        x.maxMs <= BUDGETS.stopOutSeconds * 1000 &&
        x.ledgerProblems.length === 0 &&
        x.farStillOpen === x.farPositions,
    ),
    cause: [
      ...(x.targets < x.members
        ? [`only ${x.targets} of ${x.members} longs were opened: ${x.targetsRefused.join("; ")}`]
        : []),
      ...x.farRefused.map((r) => `a position refused: ${r}`),
      ...x.ledgerProblems,
      ...(x.maxMs > BUDGETS.stopOutSeconds * 1000
        ? [
            `The first close came ${f1(x.firstMs / 1000)} s after the tick (the market records the crossing in one step, each row found by its key; an earlier version joined the crossed ids straight to json_each and held the market's thread for about 5 s: server/platform/README.md, "One market object and its ceiling").`,
            `Then delivery: the outbox hands the closes to the member objects after the tick is broadcast, 64 member objects at a time, each woken and applying its close in one transaction; the rest followed at about ${f0((x.closed * 1000) / Math.max(1, x.maxMs - x.firstMs))} a second.`,
            "Here every object (the market, the 1,000 member objects) and the site's relay for the 1,000 sockets run in one workerd process on a shared 2-core machine, so the deliveries queue for the same thread; deployed, member objects run apart and only the market's outbox is serial.",
            "What would cut it: deliver the closes from a queue whose consumers call member objects in parallel (server/platform/README.md, \"One market object and its ceiling\"), and measure the same burst deployed, where the member objects' work does not share the market's thread.",
          ]
        : []),
    ],
  });
  const live = x.live;
  out.push(
    live
      ? {
          figure: `Live price during the stop-out burst: ${live.clients.toLocaleString("en")} WebSocket clients on the burst's pair through the site`,
          budget: `tick-to-client p95 ≤ ${BUDGETS.tickP95Ms} ms`,
          measured: `p95 ${f0(live.p95)} ms (p50 ${f0(live.p50)}, max ${f0(live.max)}) over ${live.ticks.toLocaleString("en")} ticks in the ${live.seconds} s around the gap; ${live.connected} connected, ${live.silent} got no tick`,
          verdict: verdict(live.p95 <= BUDGETS.tickP95Ms && live.silent === 0 && live.connected === live.clients),
          cause:
            live.p95 <= BUDGETS.tickP95Ms
              ? []
              : [
                  "The late ticks are the ones after the gap: the market records the crossing in the tick's own step, and that step's UPDATE (a nested loop over open positions and crossed ids, see the burst's row) holds the market's thread for seconds, so the next ticks wait for it; the closes' delivery and the site's relay then share the same workerd thread.",
                  ...liveCause(live, undefined),
                ],
        }
      : missing("Live price during the stop-out burst, 1,000 WebSocket clients", "tick-to-client p95 ≤ 250 ms"),
  );
  return out;
}

const causesOf = (v: CrashResult["violations"][number]) =>
  Object.entries(v.causes)
    .sort((a, b) => b[1] - a[1])
    .map(([cause, n]) => `${cause} ×${n}`)
    .join("; ");

const CRASH_BUDGET = `${BUDGETS.crashViolations} violations; every unanswered request answered after its retries`;

/** The crash scenario's row: the violations the audit found, by kind. */
function crashRows(f: Figures): Row[] {
  const x = f.crash;
  const figure =
    "Exactly once under SIGKILL: members' money and game calls with replays and conflicting bodies, the whole server killed and restarted on its state";
  if (!x) return [missing(figure, CRASH_BUDGET)];
  const inFlight = x.kills.map((k) => k.inFlight).join(", ");
  return [
    {
      figure: `${figure} (${x.members} members, ${x.kills.length} kills)`,
      budget: CRASH_BUDGET,
      measured: `${x.violationCount} violations${x.violations.length ? ` (${x.violations.map((v) => `${v.kind} ${v.count}`).join(", ")})` : ""}; ${x.requests.toLocaleString("en")} requests, ${x.unanswered} unanswered and sent again, ${x.replays} replays, ${x.conflicts} conflicting bodies; in flight at the kills: ${inFlight || "—"}`,
      verdict: verdict(x.violationCount <= BUDGETS.crashViolations && x.kills.length > 0),
      cause: x.violations.flatMap((v) => [
        `${v.kind} (${v.count}): ${causesOf(v)}`,
        ...v.examples.map((e) => `  ${e}`),
      ]),
    },
  ];
}

function crashSection(x: CrashResult): string[] {
  const t = x.totals;
  const lines = [
    "## Exactly once under SIGKILL",
    "",
    `The product as deployed (serve.ts) on a state folder that survives restarts; ${x.members} members traded for ${x.seconds} s through every money and game call`,
    "(bank deposits confirmed by the operator, transfers both ways, withdrawals approved or rejected — some by two operator calls at once —, bets on",
    "a pair with 10-second periods, contract positions opened, given take-profit and stop-loss and closed on a volatile pair, practice mode too),",
    "with deliberate replays (same key and body, some sent twice at once) and conflicting bodies (same key, other body). The whole process",
    "group was killed with SIGKILL and restarted on the same state; every request that got no answer was sent again with its key until",
    "answered. Afterwards pending decisions were made, every position closed and every bet settled; an operator took the bet pair off the",
    "site and every member changed the transaction password; then every key that had a 200 was sent once more, and the audit compared every",
    "answer per key byte for byte and each member's books (tests/bench/crash-audit.ts).",
    "",
    `Requests ${x.requests.toLocaleString("en")} (${x.keys.toLocaleString("en")} keys, ${x.operatorCalls} operator calls), unanswered and sent again ${x.unanswered}, replays ${x.replays}, conflicting bodies ${x.conflicts}.`,
    `Calls by key: ${Object.entries(x.calls)
      .map(([call, n]) => `${call} ${n}`)
      .join(", ")}.`,
    `Money: deposits confirmed ${t.depositsConfirmed}, withdrawals paid ${t.withdrawalsPaid} (with fees), bets ${t.betsNet}, positions ${t.positionsNet}, platform credits ${t.platformCredits}; balances ${t.balances}. ${t.bets} bets, ${t.positions} positions (${t.stopOuts} stopped out).`,
    "",
    "| kill | kind | in flight | what | back after |",
    "|---|---|---|---|---|",
    ...x.kills.map((k, i) => `| ${i + 1} | ${k.kind} | ${k.inFlight} | ${k.note} | ${k.restartSeconds.toFixed(1)} s |`),
    "",
  ];
  if (x.violations.length) {
    lines.push("| violation | count | causes | examples |", "|---|---|---|---|");
    for (const v of x.violations)
      lines.push(
        `| ${v.kind} | ${v.count} | ${causesOf(v)} | ${v.examples.map((e) => e.replace(/\|/g, "/")).join("<br>")} |`,
      );
    lines.push("");
  }
  if (x.notEnvelopes.length)
    lines.push(
      `Answers that were not the platform's (sent again): ${x.notEnvelopes.length}, e.g. \`${x.notEnvelopes[0]!.replace(/\s+/g, " ").slice(0, 120)}\`.`,
      "",
    );
  return lines;
}

function liveCause(site: LiveResult, platform: LiveResult | undefined): string[] {
  const lines = [
    "Each tick leaves the market object once per socket (a loop of sends in its one-second alarm, which fires 20 ms after the second) and crosses the site worker's relay per socket; the last sockets wait for the first.",
  ];
  if (platform) {
    lines.push(
      `The same ${platform.clients} clients straight on the platform's stream: p95 ${f0(platform.p95)} ms (p50 ${f0(platform.p50)}), against p95 ${f0(
        site.p95,
      )} ms through the site — ` +
        (platform.p95 > BUDGETS.tickP95Ms
          ? "the market's broadcast alone is over budget here."
          : "the site's relay is what pushes it over budget here."),
    );
  }
  return lines;
}

const USABLE_FIGURE = "/game usable on Slow 4G, 4× CPU, 360×640, HTTP/2 (bet form hydrated and live price streaming)";

/** The two slow-phone rows: a cold load and a second visit, each the median of the runs. */
function usableRows(u: UsableResult | undefined): Row[] {
  const budgets = { cold: BUDGETS.gameUsableColdMs, warm: BUDGETS.gameUsableWarmMs };
  return (["cold", "warm"] as const).map((kind) => {
    const figure = `${USABLE_FIGURE}, ${kind === "cold" ? "cold" : "second visit"}`;
    const budget = `≤ ${f1(budgets[kind] / 1000)} s, no page error`;
    if (!u) return missing(figure, budget);
    const m = u.median[kind];
    const loads = u[kind];
    const errors = loads.reduce((n, l) => n + l.errors.length, 0);
    const ok = m.usable <= budgets[kind] && errors === 0;
    return {
      figure,
      budget,
      measured: `${f1(m.usable / 1000)} s (hydrated ${f1(m.hydrated / 1000)} s, streaming ${f1(
        m.streaming / 1000,
      )} s; median of ${u.runs}); ${errors} page error(s)`,
      verdict: verdict(ok),
      cause: ok ? [] : usableCause(loads, budgets[kind]),
    };
  });
}

/**
 * The cold load over the local server's HTTP/1.1, beside the budgeted HTTP/2 figure: what the
 * six-connection limit costs. No budget: production does not serve HTTP/1.1 to browsers that can
 * do better.
 */
function usableHttp1Row(u: UsableResult | undefined): Row[] {
  if (!u) return [];
  const m = u.median.cold;
  const scripts = median(u.cold.map((l) => l.jsFetched));
  return [
    {
      figure: "/game usable on Slow 4G, 4× CPU, 360×640, cold over the local server's HTTP/1.1 (for comparison)",
      budget: "none (production serves HTTP/2)",
      measured: `${f1(m.usable / 1000)} s (hydrated ${f1(m.hydrated / 1000)} s, streaming ${f1(m.streaming / 1000)} s; median of ${u.runs}); ${scripts} scripts over six connections`,
      verdict: "pass",
    },
  ];
}

function usableCause(loads: UsableLoad[], budget: number): string[] {
  const errors = [...new Set(loads.flatMap((l) => l.errors))];
  const fetched = median(loads.map((l) => l.jsFetched));
  const last = median(loads.map((l) => l.lastScript));
  return [
    ...(median(loads.map((l) => l.usable)) > budget && fetched === 0
      ? [
          "Every script came from the cache: the wait is the page itself (the round trip, the server's answer) and the slower CPU parsing and hydrating it.",
        ]
      : []),
    ...(median(loads.map((l) => l.usable)) > budget && fetched > 0
      ? [
          `${fetched} script files came over the network before the page was usable, the last at ${f1(last / 1000)} s: every request that starts only once another has ended pays the 562.5 ms round trip again. ` +
            "Cure: fewer files, every one the first screen needs named in the HTML, and nothing the page asks for only once it runs.",
        ]
      : []),
    ...errors.map((e) => `page error: ${e}`),
  ];
}

export function renderResults(f: Figures): string {
  const table = rows(f);
  const lines: string[] = [];
  const m = f.machine;
  lines.push(
    "# Bench results",
    "",
    `Measured by \`npm run bench\` (tests/bench/run.ts) on ${f.date.slice(0, 10)} (${f.date}), ${
      f.seconds ? `${f0(f.seconds)} s in all` : "unfinished"
    }.`,
    "",
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memory} memory; Node ${m.node}; ${m.chromium}; load average ${m.load}.`,
    "",
    "The product ran as `npm run serve` runs it (server/cli/local/serve.ts: the production build of site and platform in one workerd, the site",
    "reaching the platform over its PLATFORM service binding as deployed, no dev server), on loopback,",
    "with fresh state and the seeded demo sites; load and browser ran on the same machine. Throughput and latency figures",
    "depend on how busy the machine was (see the load average); sizes and Lighthouse's simulated throttling much less so.",
    "",
  );
  if (f.errors.length) lines.push("**Some measurements failed:**", "", "```", ...f.errors, "```", "");
  lines.push("| figure | budget | measured | verdict |", "|---|---|---|---|");
  for (const r of table) lines.push(`| ${r.figure} | ${r.budget} | ${r.measured} | ${r.verdict} |`);
  lines.push("");

  const missed = table.filter((r) => r.verdict === "**MISS**");
  if (missed.length) {
    lines.push("## Not within budget: cause and cure", "");
    for (const r of missed) {
      lines.push(`- **${r.figure}**: ${r.measured}.`);
      for (const c of r.cause ?? []) lines.push(`  - ${c}`);
    }
    lines.push("");
  }

  if (f.bundle) {
    const b = f.bundle;
    lines.push(
      "## JavaScript and CSS per route",
      "",
      `Build ${b.version}. Initial JS = entry.client + root + the route chain's modules + all their static imports (the files the page's HTML`,
      "preloads; the bench checks the served HTML asks for exactly these). Brotli quality 11 per file.",
      "",
      "| route | URL | JS brotli | JS raw | files | CSS brotli | loaded later |",
      "|---|---|---|---|---|---|---|",
    );
    for (const r of b.routes) {
      lines.push(
        `| ${r.id} | ${r.url} | ${kb(r.jsBrotli)} | ${kb(r.jsRaw)} | ${r.js.length} | ${kb(r.cssBrotli)} | ${
          r.lazy.length ? kb(r.lazyBrotli) : "—"
        } |`,
      );
    }
    lines.push(
      "",
      `Framework floor (an empty Remix app: React, react-dom, Remix's browser runtime, bundled alike): ${kb(b.floor.brotli)} brotli, ${kb(
        b.floor.raw,
      )} raw.`,
      "",
    );
    const worst = b.routes.reduce((a, r) => (r.jsBrotli > a.jsBrotli ? r : a));
    lines.push(
      `What ${worst.url} loads, by package or app folder (brotli, each file's size shared out by its modules' bytes):`,
      "",
    );
    lines.push("| source | brotli |", "|---|---|");
    for (const s of b.breakdown(worst.url).filter((s) => s.brotli >= 100))
      lines.push(`| ${s.source} | ${kb(s.brotli)} |`);
    lines.push("");
    if (f.html) {
      lines.push(
        f.html.mismatches.length
          ? `Served pages vs computed files: **${f.html.mismatches.length} mismatch(es)**: ${f.html.mismatches.join("; ")}`
          : "Served pages (/, /login, /register, /terms, /user, /game) ask for exactly the computed JS and CSS.",
        "",
      );
    }
  }

  if (f.usable || f.usableHttp1) {
    const row = (u: UsableResult, kind: string, l: UsableLoad) =>
      `| ${u.protocol} (${l.nextHop}) | ${kind} | ${f0(l.usable)} | ${f0(l.hydrated)} | ${f0(l.streaming)} | ${f0(l.fcp)} | ${l.jsFetched} | ${f0(l.lastScript)} | ${l.errors.length} |`;
    const all = [f.usable, f.usableHttp1].filter((u): u is UsableResult => u !== undefined);
    lines.push(
      "## /game on a slow phone",
      "",
      "tests/bench/usable.ts: Chromium at 360×640 (touch, 2× pixels), signed in, on Chrome's Slow 4G (CDP Network.emulateNetworkConditions:",
      "562.5 ms per request, 1.47 Mbit/s down, 675 kbit/s up) with CDP Emulation.setCPUThrottlingRate 4. Each run is a fresh profile: a cold",
      "load of /game, then a second visit with what the first cached. Times in ms from the navigation's start: hydrated when the bet form",
      "carries React's handlers, streaming when the market panel says Live (its socket open), usable the later of the two. Scripts: files",
      "fetched over the network before usable, and when the last of them had arrived.",
      "",
      "The budgeted figure loads the site through an HTTP/2 TLS front (tests/bench/h2-front.ts, node:http2 before the local workerd, a",
      "certificate made at run time with openssl and accepted by its key alone), because production serves HTTP/2 and HTTP/3: the page's",
      "script files share one connection. The local server speaks HTTP/1.1, where Chromium opens at most six connections to an origin,",
      "and that limit was what the cold figure measured (the files came in rounds of a round trip each). The emulated latency and",
      "throughput apply per request either way. The HTTP/1.1 rows are the local server reached directly, for comparison. Protocol: as the",
      "browser reported the document's (nextHopProtocol).",
      "",
      "| protocol | load | usable | hydrated | streaming | FCP | scripts | last script | page errors |",
      "|---|---|---|---|---|---|---|---|---|",
      ...all.flatMap((u) => [...u.cold.map((l) => row(u, "cold", l)), ...u.warm.map((l) => row(u, "second visit", l))]),
      "",
    );
  }

  if (f.worker) {
    const w = f.worker;
    lines.push(
      "## Site worker",
      "",
      `${w.file}: ${w.bytes.toLocaleString("en")} bytes, ${w.gzip.toLocaleString("en")} gzip (zlib's default level, as wrangler's "Total Upload" line counts it).`,
      "What it is made of (minified bytes in the module, by package or folder; from the server build's esbuild metafile):",
      "",
      "| source | minified |",
      "|---|---|",
    );
    for (const s of w.sources.filter((s) => s.bytes >= 4 * 1024)) lines.push(`| ${s.source} | ${kb(s.bytes)} |`);
    lines.push("");
    if (w.startup) {
      const st = w.startup;
      lines.push(
        "Start-up: a probe worker in a fresh workerd (Miniflare, the site's compatibility date and flags) imports the module on a request;",
        st.measure === "cpu"
          ? "the figure is the CPU time of workerd's threads during that request (/proc/<pid>/task/*/schedstat), less the same for an empty module:"
          : "the figure is that request's wall-clock time (no /proc on this machine to read CPU time from), less the same for an empty module:",
        "parsing, compiling and running the module's top level, what Cloudflare counts against its 400 ms start-up limit on its own CPUs.",
        "A fresh workerd per run (a module is evaluated once per isolate), the module's and the empty module's runs alternating; the median counts.",
        (st.measure === "cpu"
          ? "CPU time rather than wall clock, which grows when other processes take the cores. "
          : "") + "Timers are frozen inside a worker, so it cannot time itself.",
        "",
        `Runs (ms): ${st.runs.map((n) => f1(n)).join(", ")}; empty module: ${st.emptyRuns.map((n) => f1(n)).join(", ")}.`,
        "",
      );
    }
  }

  if (f.lighthouse?.length) {
    lines.push(
      "## Lighthouse",
      "",
      `Lighthouse 12, default config (mobile, simulated throttling), ${
        f.lighthouse[0]!.runs
      } run(s) per page (the median performance run counts). /user and /game with a signed-in member's cookie.`,
      "",
      "| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | Speed Index | CPU benchmark |",
      "|---|---|---|---|---|---|---|---|---|---|---|",
    );
    for (const r of f.lighthouse) {
      lines.push(
        `| ${r.path} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} | ${f1(
          r.metrics.fcp / 1000,
        )} s | ${f1(r.metrics.lcp / 1000)} s | ${f0(r.metrics.tbt)} ms | ${r.metrics.cls.toFixed(3)} | ${f1(r.metrics.si / 1000)} s | ${f0(
          r.benchmarkIndex,
        )} |`,
      );
    }
    lines.push("");
    const failing = f.lighthouse.flatMap((r) => r.failing.map((a) => ({ ...a, path: r.path })));
    if (failing.length) {
      lines.push("Audits below full marks:", "");
      for (const a of failing)
        lines.push(
          `- ${a.path} · ${a.category} · ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}` +
            // what a lost best-practices or accessibility point is about (a console error's text, an element)
            (a.category !== "performance" && a.items.length > 0 ? `: ${a.items.join("; ")}` : ""),
        );
      lines.push("");
    }
  }

  if (f.throughput) {
    const t = f.throughput;
    lines.push(
      "## Throughput (autocannon, 10 connections)",
      "",
      "| path | req/s | p50 | p99 | 2xx | failed | CPU/request: workerd (site and platform) | node (Miniflare) |",
      "|---|---|---|---|---|---|---|---|",
    );
    for (const c of [t.asset[0]!, t.workerFloor, ...t.pages, t.asset[1]!].filter(Boolean)) {
      const cpu = Object.keys(c.cpu).length
        ? `${cpuOf(c, "workerd").toFixed(2)} ms | ${cpuOf(c, "node").toFixed(2)} ms`
        : "— | —";
      lines.push(
        `| ${c.path} | ${f0(c.requestsPerSecond)} | ${f0(c.p50)} ms | ${f0(c.p99)} ms | ${c.ok} | ${c.failed} | ${cpu} |`,
      );
    }
    lines.push(
      "",
      "The static asset ran before and after the pages; its two runs' mean is the reference. /build-id.json is the site worker answering at once",
      "(no tenant, session or render): the floor of any worker response. Each run had a 2 s warm-up first.",
      "",
    );
  }
  if (f.bff) {
    const x = f.bff;
    lines.push(
      "## BFF overhead",
      "",
      `\`GET ${x.sitePath}\` (site, signed in) against \`GET ${x.platformPath}\` (platform), ${x.samples} of each, alternating, one at a time:`,
      `p50 ${x.siteP50.toFixed(2)} vs ${x.platformP50.toFixed(2)} ms, p90 ${x.siteP90.toFixed(2)} vs ${x.platformP90.toFixed(
        2,
      )} ms; /build-id.json (the site worker answering at once) p50 ${x.floorP50.toFixed(2)} ms;`,
      `the loader refusing an unknown pair (no platform call) p50 ${x.noCallP50.toFixed(2)} ms.`,
      "",
    );
  }
  if (f.burst) {
    const x = f.burst;
    lines.push(
      "## Bets",
      "",
      `Burst: period ${x.periodNo}; ${x.bets} bets through POST /game (the bet form as a browser without JavaScript sends it), arriving at random times`,
      `(fixed seed) over the ${x.windowMs / 1000} s before the cut-off (the default schedule takes bets until 10 s before a period ends).`,
      `Latency = the whole request, until the redirect back to the game. Failures: ${x.failures.length ? x.failures.join("; ") : "none"}.`,
      "",
    );
  }
  if (f.settlement) {
    const x = f.settlement;
    lines.push(
      `Settlement: ${x.members} members × ${x.bets / x.members} bets on period ${x.periodNo} (the operator set ${
        x.periodSeconds
      }-second periods so every bet fits`,
      `before the cut-off), placed straight on the platform in ${f1(x.placeSeconds)} s (${f0(
        x.betsPerSecond,
      )}/s). The figure is each order's settledAt`,
      "(written by the settling transaction) minus the period's end; nothing ran against the platform until 6 s after the end.",
      "",
    );
  }
  if (f.live) {
    const x = f.live;
    lines.push(
      "## Live price",
      "",
      `${x.clients} clients on ws://…/ws/market/BTC-USDT (site worker → platform market object), connected in ${f1(
        x.connectMs / 1000,
      )} s, measured for ${x.seconds} s.`,
      "A tick's delay = when the client got the message minus the second the tick is the price of (its `at`).",
      "",
    );
  }
  if (f.livePlatform) {
    const x = f.livePlatform;
    lines.push(
      `Diagnosis, straight on the platform's stream (ws://…/market/BTC-USDT/stream): p95 ${f0(x.p95)} ms, p50 ${f0(x.p50)} ms, max ${f0(
        x.max,
      )} ms over ${x.ticks} ticks.`,
      "",
    );
  }
  if (f.triggerCheck || f.stopOut) {
    lines.push(
      "## Contract trading",
      "",
      "The trigger check is the market object's per-tick work on its open positions, the pure module server/platform/market/trigger-book.ts",
      "(`TriggerBook`), timed in Node rather than inside workerd (a Worker's timers are frozen while it runs): a book of open positions",
      "around the mark (long and short, 1× to 100×, half with a take-profit and a stop-loss, every trigger at least 0.1 % away), each call of",
      "`crossedAt(mark)` timed alone after a warm-up; it must cross none.",
      "",
    );
    const x = f.stopOut;
    if (x) {
      const gap = new Date(x.gap.second * 1000).toISOString();
      lines.push(
        "The stop-out burst runs on its own pair, CTR-USDT, which the bench creates (operatorPutPair, 60,000.00) and adds to the demo site,",
        "whose own contract settings apply. It is created moving 1 bp a second (the site refuses a pair whose rounds would return 100 % or more,",
        "as a calm pair's do) and then set calm, which the verifiable feed applies from the first day committed after the change; the platform's",
        "clock (serve.ts, local-only PLATFORM_CLOCK_CONTROL) moves into that calm day, and the pair is set to 3 % a second, from two days later.",
        `Every position opens at the one calm price: ${x.farPositions.toLocaleString("en")} others (nine per member at ${x.farLeverage}×, long and short alternating, whose stop-outs lie far away,`,
        `opened in ${f1(x.farOpenSeconds)} s, and the side the gap did not cross), and a long and a short per member at ${x.targetLeverage}× (in ${f1(x.targetOpenSeconds)} s), entry ${x.entryPrice}.`,
        `Then the clock moves to 20 s before the 3 % day's midnight; the market catches up through`,
        `the calm day (${f1(x.catchUpMs / 1000)} s). From midnight each tick moves about 3 % a way nobody knows in advance; the first one past a stop-out crosses one`,
        `side's ${x.members.toLocaleString("en")} at once, and the bench pauses the pair (under the load a tick or two later, which may cross the other side too: each close is timed from`,
        `the tick that crossed it). This run: the tick of ${gap} moved to ${x.gap.price}, past the ${x.gap.side}s' liquidation price ${x.liquidationPrice}; ${x.targets.toLocaleString("en")} stop-outs in all.`,
        "Each close is timed from its tick's second to the `closedAt` the member's object wrote when it applied the close (read back after the budget,",
        "so reading does not load what is measured). Then every member's books are checked: each balance is its records' sum, the positions",
        "account holds the open positions' margins, each closed position paid payoutAt at its close price once and each took margin + fee once.",
        "Meanwhile 1,000 WebSocket clients (the live-price scenario's clients) watch the pair, measured from about 8 s before the gap until 10 s after.",
        "",
        `Closed ${x.closed}; lost ${x.lost}; close delay first ${f0(x.firstMs)} ms, p50 ${f0(x.p50Ms)} ms, p95 ${f0(x.p95Ms)} ms, max ${f0(x.maxMs)} ms` +
          ` (${f0((x.closed * 1000) / Math.max(1, x.maxMs - x.firstMs))} closes a second from the first to the last). The stopped-out positions paid back ${x.payouts} minor units in all` +
          " (a gap past the stop-out leaves equity below the closing fee: the payout is max(0, equity − fee), so the member loses the margin and no more)." +
          (x.networkRetries.length
            ? ` Requests that got no answer (a reset connection) and were sent again, opens with their idempotency key: ${x.networkRetryCount} (${x.networkRetries[0]}).`
            : ""),
        "",
      );
    }
  }
  if (f.crash) lines.push(...crashSection(f.crash));
  lines.push("## Phases", "", "| phase | seconds |", "|---|---|");
  for (const p of f.phases) lines.push(`| ${p.name} | ${f0(p.seconds)} |`);
  lines.push(
    "",
    `Scale: ${Object.entries(f.scale)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}.`,
    "",
  );
  if (f.devServerRetries) {
    lines.push(
      `The dev server's proxy answered "Your worker restarted mid-request" ${f.devServerRetries} time(s); those platform calls were sent again with the same idempotency key.`,
      "",
    );
  }
  return lines.join("\n");
}
