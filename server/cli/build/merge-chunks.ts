/**
 * After `remix build` and browser-maps.ts, before pieces.ts (package.json "build"): merges the
 * browser build's shared chunks that every page loads together, so a page's first JavaScript is a
 * few files instead of twenty-odd slivers (app/README.md, "Initial JavaScript").
 *
 * Why: esbuild splits code by the exact set of entry points that use it, symbol by symbol, and
 * every route and every lazy piece is an entry point. A symbol the game and the login page use
 * lands apart from one the game and the member center use, though both are in the game's first
 * load. The game's first screen came as 22 files whose import and export lists (minified names
 * and hashed file names, which do not compress) cost 4.5 KB of brotli over the same code in one
 * file. Remix's classic compiler offers no control over esbuild's chunking, so this step re-chunks
 * its output.
 *
 * The rule: two modules of the build (esbuild's output files) share a chunk when exactly the same
 * routes load them on arrival (the route's chain, entry.client and their static imports). Such a
 * merge adds no byte to any page's first load: whoever loads one loads the other. Code loaded only
 * later (a lazy piece's own) keeps Rollup's default splitting. entry.client stays a file of its
 * own: it hydrates the page when it runs, and Remix imports it after the route modules.
 *
 * What it rewrites, all from one graph: the JavaScript files under public/build (the route modules
 * and the pieces keep their names and exports, Rollup's "strict" entry signatures), the browser's
 * route manifest (each route's `imports`, which Remix preloads), the same manifest inside the
 * worker (padded to its former length, so the worker's source map stays true), and esbuild's
 * browser metafile (.build/site/metafile.js.json: pieces.ts and the bench read it; esbuild's is kept
 * beside it as metafile.esbuild.json). It checks that
 * every file a manifest or an import names exists, and fails the build if not.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { rollup, type OutputChunk } from "rollup";

type MetaImport = { path: string; kind: string; external?: boolean };
type MetaOutput = {
  bytes: number;
  imports: MetaImport[];
  exports?: string[];
  entryPoint?: string;
  inputs: Record<string, { bytesInOutput: number }>;
};
type Metafile = { inputs?: unknown; outputs: Record<string, MetaOutput> };
type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports?: string[] }; routes: Record<string, ManifestRoute> };

const ROOT = process.cwd();
const BUILD = join(ROOT, "public/build");
const METAFILE = join(ROOT, ".build/site/metafile.js.json");
/** esbuild's own metafile, kept: tests/unit/merge-chunks.test.ts compares every page's first load with it */
const ESBUILD_METAFILE = join(ROOT, ".build/site/metafile.esbuild.json");
const WORKER = join(ROOT, ".build/site/index.js");
const PREFIX = "/build/";

/** public/build/x.js (a metafile output, relative to the root) ↔ /build/x.js (its URL) ↔ its path on disk. */
const urlOf = (output: string) => output.replace(/^public\/build\//, PREFIX);
const outputOf = (url: string) => `public/build/${url.slice(PREFIX.length)}`;
const diskOf = (output: string) => join(ROOT, output);
const outputOfDisk = (path: string) => relative(ROOT, path).split("\\").join("/");

const meta = JSON.parse(readFileSync(METAFILE, "utf8")) as Metafile;
const manifestFile = readdirSync(BUILD).find((f) => /^manifest-[A-Z0-9]+\.js$/.test(f));
if (!manifestFile) throw new Error("no public/build/manifest-*.js: run remix build first");
const manifestText = readFileSync(join(BUILD, manifestFile), "utf8");
const manifest = JSON.parse(manifestText.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest;

const jsOutputs = Object.keys(meta.outputs).filter((o) => o.endsWith(".js"));
const staticImports = (output: string) =>
  meta.outputs[output]!.imports.filter((i) => i.kind === "import-statement" && i.path.endsWith(".js")).map(
    (i) => i.path,
  );

/** Every output a set of outputs loads before running. */
function closure(starts: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const output = queue.pop()!;
    if (seen.has(output) || !meta.outputs[output]) continue;
    seen.add(output);
    queue.push(...staticImports(output));
  }
  return seen;
}

// the routes that load each output on arrival: a route's chain from root, entry.client, and their imports
const entryClient = outputOf(manifest.entry.module);
const loadedBy = new Map<string, string[]>();
for (const id of Object.keys(manifest.routes).sort()) {
  const chain: string[] = [];
  for (let route: ManifestRoute | undefined = manifest.routes[id]; route; route = manifest.routes[route.parentId ?? ""])
    chain.unshift(outputOf(route.module));
  for (const output of closure([entryClient, ...chain])) loadedBy.set(output, [...(loadedBy.get(output) ?? []), id]);
}

// the pieces (dynamic imports' modules), the pieces each output belongs to (its static importers
// among them, itself included), and the routes each piece can load on: those whose first load, or
// a piece loaded there, imports it
const dynamicImports = (output: string) =>
  meta.outputs[output]!.imports.filter((i) => i.kind === "dynamic-import" && i.path.endsWith(".js")).map((i) => i.path);
const pieceEntries = new Set(jsOutputs.flatMap(dynamicImports));
const piecesOf = new Map<string, string[]>();
for (const piece of [...pieceEntries].sort())
  for (const output of closure([piece])) piecesOf.set(output, [...(piecesOf.get(output) ?? []), piece]);
const hosts = new Map<string, Set<string>>([...pieceEntries].map((p) => [p, new Set<string>()]));
for (let changed = true; changed;) {
  changed = false;
  for (const output of jsOutputs) {
    const routes = new Set([
      ...(loadedBy.get(output) ?? []),
      ...(piecesOf.get(output) ?? []).flatMap((p) => [...hosts.get(p)!]),
    ]);
    for (const piece of dynamicImports(output))
      for (const route of routes)
        if (!hosts.get(piece)!.has(route)) {
          hosts.get(piece)!.add(route);
          changed = true;
        }
  }
}

/**
 * The chunk an output joins: one per set of routes loading it on arrival, and of the pieces that
 * use it on a page outside that set (a piece loading there would bring the whole chunk); so
 * merging never makes a page's first load, or a piece where it loads, bring code it did not bring
 * before. None (a file of its own) for entry.client and for each piece's own module.
 */
function groupOf(output: string): string | undefined {
  if (output === entryClient || pieceEntries.has(output)) return undefined;
  const routes = loadedBy.get(output) ?? [];
  const pieces = (piecesOf.get(output) ?? []).filter((p) => [...hosts.get(p)!].some((r) => !routes.includes(r)));
  const loaders = [...routes, ...pieces.map((p) => `piece:${p}`)];
  if (loaders.length === 0) return undefined;
  return `g${createHash("sha256").update(loaders.join("\n")).digest("hex").slice(0, 8)}`;
}

const entries = jsOutputs.filter((o) => meta.outputs[o]!.entryPoint);
const bundle = await rollup({
  input: Object.fromEntries(entries.map((o) => [o.slice("public/build/".length, -".js".length), diskOf(o)])),
  preserveEntrySignatures: "strict",
  // the input is esbuild's tree-shaken output: take it as it is
  treeshake: false,
  plugins: [
    {
      name: "build-urls",
      // esbuild writes imports as public URLs (/build/…)
      resolveId: (source) => (source.startsWith(PREFIX) ? diskOf(outputOf(source)) : null),
    },
  ],
  onwarn(warning) {
    throw new Error(`merge-chunks: ${warning.message}`);
  },
});
const { output } = await bundle.generate({
  format: "es",
  compact: true,
  minifyInternalExports: true,
  // Remix preloads every file of a route (the manifest's imports): no import is needed just to start a fetch
  hoistTransitiveImports: false,
  // route files are named as Remix named them ($, [.]): their URLs are in the manifest
  sanitizeFileName: false,
  entryFileNames: "[name].js",
  chunkFileNames: "_shared/chunk-[hash].js",
  manualChunks: (id) => groupOf(outputOfDisk(id)),
});
await bundle.close();
const chunks = output.filter((o): o is OutputChunk => o.type === "chunk");

// the new graph, as the metafile describes one: by output path, with the source modules in each
const css = (original: string[]) =>
  original.flatMap((o) => meta.outputs[o]!.imports.filter((i) => !i.path.endsWith(".js")));
const outputs: Record<string, MetaOutput> = {};
for (const chunk of chunks) {
  const originals = Object.keys(chunk.modules).map(outputOfDisk);
  const inputs: MetaOutput["inputs"] = {};
  for (const original of originals) Object.assign(inputs, meta.outputs[original]!.inputs);
  const entryPoint = chunk.facadeModuleId ? meta.outputs[outputOfDisk(chunk.facadeModuleId)]?.entryPoint : undefined;
  const path = `public/build/${chunk.fileName}`;
  outputs[path] = {
    bytes: Buffer.byteLength(chunk.code),
    imports: [
      ...chunk.imports.map((f) => ({ path: `public/build/${f}`, kind: "import-statement" })),
      ...chunk.dynamicImports.map((f) => ({ path: `public/build/${f}`, kind: "dynamic-import" })),
      ...css(originals),
    ],
    ...(chunk.exports.length > 0 ? { exports: chunk.exports } : {}),
    ...(entryPoint ? { entryPoint } : {}),
    inputs,
  };
}
// the files that are not JavaScript (style sheets, images) stay as esbuild wrote them
for (const [path, node] of Object.entries(meta.outputs)) if (!path.endsWith(".js")) outputs[path] = node;

const merged: Metafile = { ...meta, outputs };
const mergedImports = (path: string) =>
  outputs[path]!.imports.filter((i) => i.kind === "import-statement").map((i) => i.path);
/** A module's static imports, transitively, in load order (its imports first), less the module itself. */
function importsOf(url: string): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    mergedImports(path).forEach(visit);
    order.push(path);
  };
  visit(outputOf(url));
  return order.slice(0, -1).map(urlOf);
}

// every file a chunk imports is one of the new ones
for (const [path, node] of Object.entries(outputs))
  for (const i of node.imports)
    if (i.path.endsWith(".js") && !outputs[i.path]) throw new Error(`${path} imports ${i.path}, which is not built`);

// the browser's manifest, and the same one inside the worker
const imports = new Map<string, string[]>();
imports.set(manifest.entry.module, importsOf(manifest.entry.module));
for (const route of Object.values(manifest.routes)) {
  if (!outputs[outputOf(route.module)]) throw new Error(`${route.id}'s module ${route.module} is not built`);
  imports.set(route.module, importsOf(route.module));
}
manifest.entry.imports = imports.get(manifest.entry.module)!;
for (const route of Object.values(manifest.routes)) {
  const list = imports.get(route.module)!;
  if (list.length > 0) route.imports = list;
  else delete route.imports;
}

const worker = readFileSync(WORKER, "utf8");
const start = worker.indexOf(`{entry:{module:${JSON.stringify(manifest.entry.module)}`);
if (start < 0) throw new Error("the route manifest is not in .build/site/index.js");
const end = objectEnd(worker, start);
const before = worker.slice(start, end);
// each `module:"…"` with the `imports:[…]` after it, if any; the other fields stay as they are
const after = before.replace(/module:("\/build\/[^"]+")(,imports:(\[[^\]]*\]|void 0))?/g, (_whole, url: string) => {
  const list = imports.get(JSON.parse(url) as string);
  if (!list) throw new Error(`the worker's manifest names ${url}, which the browser's does not`);
  return `module:${url},imports:${JSON.stringify(list)}`;
});
if (after.length > before.length)
  throw new Error(
    `the worker's manifest grew (${before.length} → ${after.length} characters): its source map would shift`,
  );

// write: the old JavaScript out, the new in
for (const path of jsOutputs) rmSync(diskOf(path));
for (const chunk of chunks) {
  const path = join(BUILD, chunk.fileName);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, chunk.code);
}
writeFileSync(join(BUILD, manifestFile), `window.__remixManifest=${JSON.stringify(manifest)};`);
writeFileSync(WORKER, worker.slice(0, start) + after.padEnd(before.length, " ") + worker.slice(end));
writeFileSync(ESBUILD_METAFILE, JSON.stringify(meta));
writeFileSync(METAFILE, JSON.stringify(merged));

for (const url of [...imports.keys(), ...[...imports.values()].flat()])
  if (!statSync(diskOf(outputOf(url)), { throwIfNoEntry: false })?.isFile()) throw new Error(`${url} is missing`);

console.log(`browser chunks merged by the routes that load them: ${jsOutputs.length} files → ${chunks.length}`);

/** The index just past the object literal that opens at `start` (strings and nesting respected). */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; text[i] !== '"'; i++) if (text[i] === "\\") i++;
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  throw new Error("the route manifest in .build/site/index.js does not end");
}
