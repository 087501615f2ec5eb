import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { build } from "esbuild";
import { ROOT } from "./config";

/**
 * What the browser downloads, from the build itself: the Remix route manifest
 * (public/build/manifest-*.js: each route's module, its parent, its imports) and esbuild's
 * browser metafile (.build/site/metafile.js.json: every output file's static and dynamic
 * imports and the source modules in it). Sizes are brotli at quality 11, file by file, as a CDN
 * would serve them.
 */

type MetaImport = { path: string; kind: string };
type MetaOutput = {
  bytes: number;
  imports: MetaImport[];
  entryPoint?: string;
  inputs: Record<string, { bytesInOutput: number }>;
};
type Metafile = { outputs: Record<string, MetaOutput> };
type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
};
type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
  version: string;
};

export interface RouteBundle {
  /** the leaf route's id, e.g. routes/user._index */
  id: string;
  /** the URL pattern it answers, e.g. /user */
  url: string;
  /** the route chain from root to the leaf */
  chain: string[];
  js: string[];
  jsBrotli: number;
  jsRaw: number;
  css: string[];
  cssBrotli: number;
  /** JavaScript the route's code can import later (dynamic imports), beyond its initial files */
  lazy: string[];
  lazyBrotli: number;
}

export interface BundleReport {
  version: string;
  routes: RouteBundle[];
  /** React + react-dom + the Remix browser runtime with an empty app, bundled alike */
  floor: { brotli: number; raw: number };
  /** brotli bytes per file, by public URL */
  fileBrotli: Record<string, number>;
  /** the biggest contributors (packages or app folders) to one route's initial JS, brotli bytes attributed by each file's share */
  breakdown(url: string): { source: string; brotli: number }[];
  /**
   * Whether a file holds the game's own code (app/components/game, the chart library). A chunk the
   * game loads later may also hold code the game shares with other pages (e.g. the text renderer
   * of the rules tab, which news and help use too): that chunk is those pages' own code, not the
   * game leaking into them.
   */
  holdsGameCode(url: string): boolean;
}

const BUILD_DIR = join(ROOT, "public/build");
const METAFILE = join(ROOT, ".build/site/metafile.js.json");

export const brotli = (bytes: Uint8Array | string) =>
  brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  }).length;

export function readManifest(): Manifest {
  const file = readdirSync(BUILD_DIR).find((f) => /^manifest-[A-Z0-9]+\.js$/.test(f));
  if (!file) throw new Error("no public/build/manifest-*.js: run npm run build first");
  const text = readFileSync(join(BUILD_DIR, file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest;
}

/** "/build/x.js" (a URL) ↔ "public/build/x.js" (a metafile output). */
const toOutput = (url: string) => `public${url}`;
const toUrl = (output: string) => output.replace(/^public/, "");

/** A route's URL pattern from its own and its parents' paths. */
function urlOf(routes: Record<string, ManifestRoute>, id: string): string {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

/** Whether a route renders a page (has a component) rather than answering data or a file only. */
function isPage(meta: Metafile, route: ManifestRoute): boolean {
  const entry = meta.outputs[toOutput(route.module)]?.entryPoint ?? "";
  const source = /^browser-route-module:(.*)\?browser$/.exec(entry)?.[1];
  if (!source) return false;
  return /export\s+default\b/.test(readFileSync(join(ROOT, "app", source), "utf8"));
}

export async function analyseBundle(): Promise<BundleReport> {
  const meta = JSON.parse(readFileSync(METAFILE, "utf8")) as Metafile;
  const manifest = readManifest();
  const sizes = new Map<string, { brotli: number; raw: number }>();
  const sizeOf = (url: string) => {
    let size = sizes.get(url);
    if (!size) {
      const bytes = readFileSync(join(ROOT, toOutput(url)));
      size = { brotli: brotli(bytes), raw: bytes.length };
      sizes.set(url, size);
    }
    return size;
  };

  /** Every output a set of outputs loads before running (static imports, transitively), and what they may import later. */
  const graph = (roots: string[]) => {
    const js = new Set<string>();
    const css = new Set<string>();
    const dynamic = new Set<string>();
    const visit = (output: string) => {
      if (js.has(output)) return;
      const node = meta.outputs[output];
      if (!node) throw new Error(`${output} is not in the metafile`);
      js.add(output);
      for (const imported of node.imports) {
        if (imported.kind === "import-statement") visit(imported.path);
        else if (imported.kind === "dynamic-import") dynamic.add(imported.path);
        else if (imported.path.endsWith(".css")) css.add(imported.path);
      }
    };
    roots.forEach(visit);
    return { js, css, dynamic };
  };

  const parents = new Set(
    Object.values(manifest.routes)
      .map((r) => r.parentId)
      .filter(Boolean),
  );
  const leaves = Object.values(manifest.routes).filter((r) => !parents.has(r.id) && isPage(meta, r));
  const routes: RouteBundle[] = leaves.map((leaf) => {
    const chain: string[] = [];
    for (
      let route: ManifestRoute | undefined = leaf;
      route;
      route = route.parentId ? manifest.routes[route.parentId] : undefined
    ) {
      chain.unshift(route.id);
    }
    const initial = graph([
      toOutput(manifest.entry.module),
      ...chain.map((id) => toOutput(manifest.routes[id]!.module)),
    ]);
    const later = graph([...initial.dynamic]);
    const js = [...initial.js].map(toUrl).sort();
    const css = [...initial.css].map(toUrl).sort();
    const lazy = [...later.js]
      .filter((o) => !initial.js.has(o))
      .map(toUrl)
      .sort();
    return {
      id: leaf.id,
      url: urlOf(manifest.routes, leaf.id),
      chain,
      js,
      jsBrotli: js.reduce((n, f) => n + sizeOf(f).brotli, 0),
      jsRaw: js.reduce((n, f) => n + sizeOf(f).raw, 0),
      css,
      cssBrotli: css.reduce((n, f) => n + sizeOf(f).brotli, 0),
      lazy,
      lazyBrotli: lazy.reduce((n, f) => n + sizeOf(f).brotli, 0),
    };
  });
  routes.sort((a, b) => a.url.localeCompare(b.url));

  const breakdown = (url: string) => {
    const route = routes.find((r) => r.url === url);
    if (!route) return [];
    const bySource = new Map<string, number>();
    for (const file of route.js) {
      const node = meta.outputs[toOutput(file)]!;
      const total = Object.values(node.inputs).reduce((n, i) => n + i.bytesInOutput, 0) || 1;
      for (const [input, { bytesInOutput }] of Object.entries(node.inputs)) {
        const source = sourceGroup(input);
        bySource.set(source, (bySource.get(source) ?? 0) + (sizeOf(file).brotli * bytesInOutput) / total);
      }
    }
    return [...bySource].map(([source, b]) => ({ source, brotli: Math.round(b) })).sort((a, b) => b.brotli - a.brotli);
  };

  return {
    version: manifest.version,
    routes,
    floor: await frameworkFloor(),
    fileBrotli: Object.fromEntries([...sizes].map(([url, s]) => [url, s.brotli])),
    breakdown,
    holdsGameCode: (url) =>
      Object.keys(meta.outputs[toOutput(url)]?.inputs ?? {}).some((input) =>
        /app\/components\/game\/|node_modules\/lightweight-charts\//.test(input),
      ),
  };
}

/** node_modules/<package> (scoped too) or the app's own folder. */
function sourceGroup(input: string): string {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (nm) return nm[1]!;
  const app = /^(?:browser-route-module:)?(app\/(?:components|utils|routes)|app)\b/.exec(
    input.replace(/^browser-route-module:/, "app/"),
  );
  return app ? app[1]! : input;
}

/**
 * The framework floor: what a Remix page with no code of its own costs — an entry that hydrates
 * RemixBrowser and a root rendering Meta, Links, Outlet, ScrollRestoration and Scripts — bundled
 * with the same esbuild, minified for production, split like the real build, brotli per file.
 */
async function frameworkFloor(): Promise<{ brotli: number; raw: number }> {
  const dir = join(ROOT, "tests/.tmp/bench-floor");
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "entry.tsx"),
    [
      'import { RemixBrowser } from "@remix-run/react";',
      'import { startTransition } from "react";',
      'import { hydrateRoot } from "react-dom/client";',
      "startTransition(() => { hydrateRoot(document, <RemixBrowser />); });",
    ].join("\n"),
  );
  writeFileSync(
    join(dir, "root.tsx"),
    [
      'import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";',
      "export default function App() {",
      '  return (<html lang="en"><head><Meta /><Links /></head><body><Outlet /><ScrollRestoration /><Scripts /></body></html>);',
      "}",
    ].join("\n"),
  );
  const result = await build({
    entryPoints: [join(dir, "entry.tsx"), join(dir, "root.tsx")],
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    platform: "browser",
    target: "es2019",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    mainFields: ["browser", "module", "main"],
    outdir: join(dir, "out"),
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles
    .filter((f) => f.path.endsWith(".js"))
    .reduce((n, f) => ({ brotli: n.brotli + brotli(f.contents), raw: n.raw + f.contents.length }), {
      brotli: 0,
      raw: 0,
    });
}

/**
 * The JavaScript a served page asks for before it runs: modulepreloads and the inline module's
 * imports. Not the chunks of the code pieces its render used (`data-piece`, app/utils/lazy-piece.tsx):
 * those are the route's lazy JS, fetched early (piecesInHtml).
 */
export function scriptsInHtml(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"(?! data-piece)/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import \* as route\d+ from "([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\("([^"]+)"\);/g)) urls.add(m[1]!);
  return [...urls].sort();
}

/** The chunks of the code pieces a served page's render used, which it preloads beside its own. */
export function piecesInHtml(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" data-piece="[^"]+"/g)].map((m) => m[1]!).sort();
}

export function stylesheetsInHtml(html: string): string[] {
  return [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!).sort();
}
