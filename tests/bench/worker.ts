import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { Miniflare } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { ROOT } from "./config";
import { median } from "./stats";

/**
 * The site worker as Cloudflare gets it: the size of the module `wrangler deploy` uploads
 * (.build/site/index.js, uncompressed and gzip as wrangler's "Total Upload" line counts it), what
 * it is made of (the server build's esbuild metafile), and its start-up time.
 *
 * Start-up is the CPU workerd spends loading the module: a probe worker in a fresh workerd
 * (Miniflare, with the site's compatibility date and flags) does `await import("./index.js")` on
 * a request, and the figure is the CPU time of workerd's threads during that request (Linux
 * /proc/<pid>/task/<tid>/schedstat, nanoseconds), less the same for an empty module: parsing,
 * compiling and running the module's top level, which is what Cloudflare counts against its
 * start-up limit (as `wrangler check startup` profiles it). CPU time rather than a wall clock or a
 * CPU profile's timeline, which both grow when other processes take the machine's cores. Each run
 * is a fresh workerd (a module is evaluated once per isolate); the median of the runs counts.
 * Timers are frozen inside a worker, so the time cannot be read from within it.
 */

const SITE_BUNDLE = join(ROOT, ".build/site/index.js");
const SITE_METAFILE = join(ROOT, ".build/site/metafile.server.json");

/** Packages the browser needs and the worker never runs: none of them belongs in the worker. */
export const BROWSER_ONLY = ["lightweight-charts", "fancy-canvas", "i18next", "react-i18next"];

export interface WorkerStartup {
  /** what `runs` are: workerd's CPU ms (Linux), or wall-clock ms where /proc cannot be read */
  measure: "cpu" | "wall";
  /** ms of each run importing the site module */
  runs: number[];
  /** ms of each run importing an empty module */
  emptyRuns: number[];
  /** the figure: median(runs) − median(emptyRuns) */
  ms: number;
  /** wall-clock ms of the importing request, median, and the same for the empty module */
  wallMs: number;
  emptyWallMs: number;
}

export interface WorkerFigure {
  file: string;
  bytes: number;
  gzip: number;
  /** the largest contributors to the module, bytes of minified output by package or folder */
  sources: { source: string; bytes: number }[];
  /** BROWSER_ONLY packages found in the module */
  browserOnly: string[];
  startup?: WorkerStartup;
}

export async function measureWorker(
  options: { bundle?: string; metafile?: string; runs?: number } = {},
): Promise<WorkerFigure> {
  const file = options.bundle ?? SITE_BUNDLE;
  const bytes = readFileSync(file);
  const sources = workerSources(options.metafile ?? SITE_METAFILE);
  return {
    file: file.startsWith(ROOT) ? file.slice(ROOT.length) : file,
    bytes: bytes.length,
    gzip: gzipSync(bytes).length,
    sources,
    browserOnly: BROWSER_ONLY.filter((name) => sources.some((s) => s.source === name)),
    startup: await measureStartup(file, options.runs ?? 5),
  };
}

type Metafile = { outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }> };

/** Bytes of the server module by package (node_modules/<package>) or by the app's own top folders. */
function workerSources(metafile: string): WorkerFigure["sources"] {
  const meta = JSON.parse(readFileSync(metafile, "utf8")) as Metafile;
  const output = Object.entries(meta.outputs).find(([name]) => name.endsWith(".js"))?.[1];
  if (!output) throw new Error(`${metafile} has no JavaScript output`);
  const bySource = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
    // "locales/ja-JP/game.json" → locales; "app/components/…" → app/components; "server/contract/…" → server/contract
    const own = /^(?:[a-z-]+:)?((?:app|server)\/[^/]+(?=\/)|app|server|locales)/.exec(input);
    const source = nm ? nm[1]! : own ? own[1]! : input;
    bySource.set(source, (bySource.get(source) ?? 0) + bytesInOutput);
  }
  return [...bySource].map(([source, n]) => ({ source, bytes: n })).sort((a, b) => b.bytes - a.bytes);
}

async function measureStartup(file: string, runs: number): Promise<WorkerStartup> {
  // the compatibility date and flags the worker is deployed with
  const config = unstable_readConfig({ config: join(ROOT, "wrangler.toml") });
  const compat = { compatibilityDate: config.compatibility_date, compatibilityFlags: config.compatibility_flags };
  const site = readFileSync(file, "utf8");
  const empty = "export default {};\n";
  const cpu: number[] = [];
  const emptyCpu: number[] = [];
  const wall: number[] = [];
  const emptyWall: number[] = [];
  // one run that is not counted (workerd's binary and the files come into the page cache), then alternate
  await probe(file, site, compat);
  for (let run = 0; run < runs; run++) {
    const a = await probe(file, site, compat);
    const b = await probe(file, empty, compat);
    wall.push(a.wallMs);
    emptyWall.push(b.wallMs);
    if (a.cpuMs !== undefined && b.cpuMs !== undefined) {
      cpu.push(a.cpuMs);
      emptyCpu.push(b.cpuMs);
    }
  }
  const measure = cpu.length ? "cpu" : "wall";
  const [mine, floor] = measure === "cpu" ? [cpu, emptyCpu] : [wall, emptyWall];
  return {
    measure,
    runs: mine,
    emptyRuns: floor,
    ms: Math.max(0, median(mine) - median(floor)),
    wallMs: median(wall),
    emptyWallMs: median(emptyWall),
  };
}

/**
 * One fresh workerd with a probe worker: `/` answers at once (the first request through
 * Miniflare's entry worker, not counted), `/import` imports `contents` (named as the bundle) and
 * answers; the CPU workerd used for `/import` (all its threads, from /proc) and its wall-clock time.
 */
async function probe(
  file: string,
  contents: string,
  compat: { compatibilityDate?: string; compatibilityFlags?: string[] },
): Promise<{ cpuMs?: number; wallMs: number }> {
  const root = dirname(file);
  const mf = new Miniflare({
    name: "startup-probe",
    ...compat,
    host: "127.0.0.1",
    port: 0,
    modulesRoot: root,
    modules: [
      {
        type: "ESModule",
        path: join(root, "startup-probe.mjs"),
        contents: [
          "export default {",
          "  async fetch(request) {",
          `    if (new URL(request.url).pathname === "/import") await import("./${basename(file)}");`,
          '    return new Response("ok");',
          "  },",
          "};",
        ].join("\n"),
      },
      { type: "ESModule", path: file, contents },
    ],
  });
  try {
    await mf.ready;
    await (await mf.dispatchFetch("http://probe.local/")).text();
    const pid = workerdPid();
    const before = pid === undefined ? undefined : cpuNs(pid);
    const began = performance.now();
    const response = await mf.dispatchFetch("http://probe.local/import");
    const text = await response.text();
    const wallMs = performance.now() - began;
    const after = pid === undefined ? undefined : cpuNs(pid);
    if (text !== "ok") throw new Error(`the start-up probe answered ${response.status}: ${text.slice(0, 200)}`);
    return { wallMs, cpuMs: before !== undefined && after !== undefined ? (after - before) / 1e6 : undefined };
  } finally {
    await mf.dispose();
  }
}

/** The workerd this process started (Miniflare's child), on Linux. */
function workerdPid(): number | undefined {
  try {
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        if (Number(fields[1]) !== process.pid) continue;
        if (readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0")[0]?.endsWith("workerd")) return Number(name);
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return undefined;
}

/** CPU time of every thread of a process so far, in ns (/proc/<pid>/task/<tid>/schedstat, first field). */
function cpuNs(pid: number): number | undefined {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // the thread ended meanwhile
      }
    }
    return ns;
  } catch {
    return undefined;
  }
}
