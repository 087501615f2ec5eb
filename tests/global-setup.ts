import { execSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bundle = join(root, ".build/platform/worker.js");
const sources = ["server/platform", "server/contract", "server/rules", "server/access"].map((dir) => join(root, dir));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // wrangler keeps its scratch files in .wrangler beside the config; they are not sources.
    if (entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function bundleMtime(): number {
  try {
    return statSync(bundle).mtimeMs;
  } catch {
    return 0;
  }
}

/** Rebuild the platform bundle the Miniflare tests load, but only when its sources changed. */
export default function setup(): void {
  if (bundleMtime() >= Math.max(...sources.map(newestMtime))) return;
  execSync("npm run build:platform", { cwd: root, stdio: "inherit" });
}
