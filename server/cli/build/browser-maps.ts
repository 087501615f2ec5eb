/**
 * After `remix build --sourcemap` (package.json "build"), before anything reads public/build: the
 * build maps both bundles, and only the worker's map may be kept. .build/site/index.js.map goes up
 * with the worker (wrangler.toml `upload_source_maps`), so a stack trace in Workers Logs names our
 * source files; the browser's maps would be public files under /build/ that hand anyone the app's
 * source, so they are deleted here with the comments that point at them (a browser would ask for
 * each one and get a 404). Stack traces never reach a browser either way (server/site/pages.ts).
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = process.cwd();
const BROWSER = join(ROOT, "public/build");
const WORKER = join(ROOT, ".build/site/index.js");

const POINTER = /\n?\/[/*]# sourceMappingURL=[^\n]*\s*$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

let maps = 0;
let pointers = 0;
for (const file of walk(BROWSER)) {
  if (file.endsWith(".map")) {
    rmSync(file);
    maps++;
  } else if (/\.(js|css)$/.test(file)) {
    const text = readFileSync(file, "utf8");
    const stripped = text.replace(POINTER, "\n");
    if (stripped !== text) {
      writeFileSync(file, stripped);
      pointers++;
    }
  }
}

// the worker's map must be there and named by its module, or wrangler uploads none
const worker = readFileSync(WORKER, "utf8");
if (!/\/\/# sourceMappingURL=index\.js\.map\s*$/.test(worker) || !statSync(`${WORKER}.map`).isFile())
  throw new Error("the worker's source map is missing: build with `remix build --sourcemap`");

console.log(`browser source maps: ${maps} deleted, ${pointers} pointers removed; the worker's kept for upload`);
