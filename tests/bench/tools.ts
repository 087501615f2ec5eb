import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./config";

/**
 * Tools only the bench uses, kept out of package.json so that `npm install` does not fetch them
 * (Lighthouse alone is about 150 MB with its dependencies). The bench installs them the first time
 * it needs one, at these pinned versions, with `npm install --no-save`: package.json and
 * package-lock.json stay as they are, and the next plain `npm install` prunes them again (the
 * bench then installs them once more). All of them are installed together, as one `--no-save`
 * install drops what an earlier one added.
 *
 * Their types are tests/bench/bench-tools.d.ts and tests/bench/autocannon.d.ts (the parts the
 * bench uses), so `tsc --noEmit` passes whether they are installed or not.
 */
export const BENCH_TOOLS = { lighthouse: "12.8.2", "chrome-launcher": "1.2.1", autocannon: "8.0.0" } as const;

type Tools = {
  lighthouse: typeof import("lighthouse");
  "chrome-launcher": typeof import("chrome-launcher");
  autocannon: typeof import("autocannon");
};
export type ToolName = keyof Tools;

const SPECS = Object.entries(BENCH_TOOLS).map(([name, version]) => `${name}@${version}`);

/**
 * Whether a tool is installed, from the file system: not by trying to import it, as Node keeps
 * what it did not find (a package.json it looked for) and would not find the package in this
 * process even once it is installed.
 */
const installed = (name: ToolName) => existsSync(join(ROOT, "node_modules", name, "package.json"));

function install(missing: string[], log: (line: string) => void) {
  log(
    `${missing.join(", ")} not installed (bench-only, not in package.json): npm install --no-save ${SPECS.join(" ")}, once…`,
  );
  const result = spawnSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", ...SPECS], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.status !== 0)
    throw new Error(`npm install --no-save ${SPECS.join(" ")} failed (${result.status ?? result.signal})`);
}

/** Installs the bench tools if any of `names` is missing (before the measurements start, so the download does not run alongside them). */
export async function ensureTools(names: ToolName[], log: (line: string) => void = console.log): Promise<void> {
  const missing = names.filter((name) => !installed(name));
  if (missing.length) install(missing, log);
}

/** A bench tool's module, installed first if it is missing. */
export async function tool<N extends ToolName>(name: N, log: (line: string) => void = console.log): Promise<Tools[N]> {
  if (!installed(name)) install([name], log);
  if (!installed(name)) throw new Error(`${name} is still missing after npm install --no-save`);
  return (await import(name)) as Tools[N];
}
