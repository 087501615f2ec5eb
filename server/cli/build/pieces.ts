/**
 * After `remix build` (package.json "build"): writes public/build/pieces-<version>.json, for each
 * module the browser build loads on demand (a dynamic import: the toast, the game's lower
 * sections, the live socket), its chunk and the chunks that chunk imports, as /build/ URLs, keyed
 * by the module's source file. The site worker reads it (server/site/pieces.ts) to name, in a page,
 * the chunks of the pieces its render used, so the browser fetches them with the page's own code
 * (app/utils/lazy-piece.tsx). Read from esbuild's browser metafile, which the build writes.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

type Output = { imports: { path: string; kind: string }[]; entryPoint?: string };

const ROOT = process.cwd();
const BUILD = join(ROOT, "public/build");
const meta = JSON.parse(readFileSync(join(ROOT, ".build/site/metafile.js.json"), "utf8")) as {
  outputs: Record<string, Output>;
};
const manifestFile = readdirSync(BUILD).find((f) => /^manifest-[A-Z0-9]+\.js$/.test(f));
if (!manifestFile) throw new Error("no public/build/manifest-*.js: run remix build first");
const { version } = JSON.parse(
  readFileSync(join(BUILD, manifestFile), "utf8")
    .replace(/^window\.__remixManifest=/, "")
    .replace(/;\s*$/, ""),
) as { version: string };

const targets = new Set(
  Object.values(meta.outputs).flatMap((o) => o.imports.filter((i) => i.kind === "dynamic-import").map((i) => i.path)),
);
const url = (output: string) => output.replace(/^public/, "");

/** An output and everything it imports statically, in load order (its imports first). */
function closure(output: string, seen = new Set<string>()): string[] {
  if (seen.has(output)) return [];
  seen.add(output);
  const node = meta.outputs[output];
  if (!node) return [];
  const imports = node.imports.filter((i) => i.kind === "import-statement").flatMap((i) => closure(i.path, seen));
  return [...imports, url(output)];
}

const pieces: Record<string, string[]> = {};
for (const output of targets) {
  const source = meta.outputs[output]?.entryPoint;
  // a server-only module the browser build left empty is nothing to fetch
  if (!source || !source.startsWith("app/")) continue;
  pieces[source] = closure(output);
}
const file = `pieces-${version}.json`;
writeFileSync(join(BUILD, file), JSON.stringify(pieces));
console.log(`public/build/${file}: ${Object.keys(pieces).length} pieces`);
