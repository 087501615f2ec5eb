/**
 * The build's chunk merge (server/cli/build/merge-chunks.ts), read from the build `npm test` has
 * just made: every page's first load holds exactly the code esbuild's chunks gave it, in fewer
 * files; the worker preloads what the browser's manifest says; every file anything imports exists.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BUILD = join(ROOT, "public/build");

type Metafile = {
  outputs: Record<string, { imports: { path: string; kind: string }[]; inputs: Record<string, unknown> }>;
};
type Route = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports?: string[] }; routes: Record<string, Route> };

const readJson = <T>(path: string) => JSON.parse(readFileSync(join(ROOT, path), "utf8")) as T;
const merged = readJson<Metafile>(".build/site/metafile.js.json");
const esbuild = readJson<Metafile>(".build/site/metafile.esbuild.json");
const manifestFile = readdirSync(BUILD).find((f) => /^manifest-[A-Z0-9]+\.js$/.test(f))!;
const manifest = JSON.parse(
  readFileSync(join(BUILD, manifestFile), "utf8")
    .replace(/^window\.__remixManifest=/, "")
    .replace(/;\s*$/, ""),
) as Manifest;
const output = (url: string) => `public${url}`;

/** A route's first load in a metafile: its files, and the source modules in them. */
function firstLoad(meta: Metafile, id: string, moduleOf: (route: Route) => string, entry: string) {
  const starts = [output(entry)];
  for (let route: Route | undefined = manifest.routes[id]; route; route = manifest.routes[route.parentId ?? ""])
    starts.push(output(moduleOf(route)));
  const files = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    const node = meta.outputs[file];
    if (!node) throw new Error(`${file} is not in the metafile`);
    files.add(file);
    for (const i of node.imports) if (i.kind === "import-statement" && i.path.endsWith(".js")) queue.push(i.path);
  }
  const sources = new Set([...files].flatMap((f) => Object.keys(meta.outputs[f]!.inputs)));
  return { files, sources };
}

// route modules and entry.client keep their names through the merge: one manifest serves both graphs
const same = (route: Route) => route.module;

describe("the browser build's merged chunks", () => {
  it("give every page's first load the very code esbuild's chunks gave it, never more, in no more files", () => {
    const ids = Object.keys(manifest.routes);
    expect(ids.length).toBeGreaterThan(20);
    for (const id of ids) {
      const before = firstLoad(esbuild, id, same, manifest.entry.module);
      const after = firstLoad(merged, id, same, manifest.entry.module);
      expect([...after.sources].sort(), id).toEqual([...before.sources].sort());
      expect(after.files.size, id).toBeLessThanOrEqual(before.files.size);
    }
  });

  it("bring the game's first screen in far fewer files than esbuild's slivers", () => {
    const before = firstLoad(esbuild, "routes/game", same, manifest.entry.module).files.size;
    const after = firstLoad(merged, "routes/game", same, manifest.entry.module).files.size;
    expect(after).toBeLessThanOrEqual(before - 5);
  });

  it("are what the worker preloads: its route manifest names the browser manifest's modules and imports", () => {
    const worker = readFileSync(join(ROOT, ".build/site/index.js"), "utf8");
    const pairs = [...worker.matchAll(/module:("\/build\/[^"]+"),imports:(\[[^\]]*\]|void 0)/g)].map(
      ([, module, imports]) => [JSON.parse(module!), imports === "void 0" ? [] : JSON.parse(imports!)],
    );
    const browser = [
      [manifest.entry.module, manifest.entry.imports ?? []],
      ...Object.values(manifest.routes).map((r) => [r.module, r.imports ?? []]),
    ];
    expect(new Map(pairs as [string, string[]][])).toEqual(new Map(browser as [string, string[]][]));
  });

  it("name only files that exist, in the manifest and in every import of every chunk", () => {
    const urls = [
      manifest.entry.module,
      ...(manifest.entry.imports ?? []),
      ...Object.values(manifest.routes).flatMap((r) => [r.module, ...(r.imports ?? [])]),
    ];
    const missing = urls.filter((u) => !statSync(join(ROOT, output(u)), { throwIfNoEntry: false })?.isFile());
    for (const file of readdirSync(BUILD, { recursive: true }).map(String)) {
      if (!file.endsWith(".js") || file.startsWith("manifest-")) continue;
      const code = readFileSync(join(BUILD, file), "utf8");
      for (const [, path] of code.matchAll(/(?:from|import\(|import)\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = join(BUILD, file, "..", path!);
        if (!statSync(target, { throwIfNoEntry: false })?.isFile()) missing.push(`${file} → ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
