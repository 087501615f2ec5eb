/**
 * `npm run browser` (the first step of `npm test`): find the Chromium the end-to-end tests drive,
 * or get one, before any test runs. In order:
 *
 * 1. `CHROMIUM_PATH`, when set (it must exist);
 * 2. Debian's `chromium` (/usr/bin/chromium), or Playwright's own Chromium if it is installed;
 * 3. Playwright's own Chromium, downloaded with `playwright install chromium` where the network
 *    allows it;
 * 4. as root on Debian or Ubuntu, Debian's `chromium` with apt-get;
 * 5. otherwise: one line saying what to run, and a non-zero exit, so no test starts without one.
 *
 * The path found is written to tests/.tmp/browser.json, which tests/chromium.ts reads.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const BROWSER_FILE = `${ROOT}tests/.tmp/browser.json`;
const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** Whether the binary starts at all (a snap stub or a broken install does not). */
function runs(path: string): boolean {
  if (!existsSync(path)) return false;
  const probe = spawnSync(path, ["--headless", "--no-sandbox", "--version"], { encoding: "utf8", timeout: 30_000 });
  return probe.status === 0;
}

/** Runs one way of getting a browser; its output is shown only when it fails (its last lines). */
function step(command: string, args: string[], extraEnv: Record<string, string> = {}): boolean {
  console.log(`browser: ${command} ${args.join(" ")}`);
  const run = spawnSync(command, args, {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, ...extraEnv },
    timeout: 15 * 60_000,
  });
  if (run.status === 0) return true;
  const lines = `${run.stdout ?? ""}${run.stderr ?? ""}`
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const why = lines.find((line) => /^(E:|Error:|error)/.test(line)) ?? lines.at(-1) ?? `exit ${run.status}`;
  console.log(`browser: that did not work (${why})`);
  return false;
}

function isDebianLike(): boolean {
  try {
    const release = readFileSync("/etc/os-release", "utf8");
    return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
  } catch {
    return false;
  }
}

/** The path of a working Chromium, getting one if needed; null when there is no way here. */
export function findOrGetBrowser(): string | null {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return runs(fromEnv) ? fromEnv : null;

  const playwrights = chromium.executablePath();
  for (const candidate of [DEBIAN_CHROMIUM, playwrights]) if (runs(candidate)) return candidate;

  if (step("npx", ["playwright", "install", "chromium"]) && runs(playwrights)) return playwrights;

  const root = process.getuid?.() === 0;
  if (root && isDebianLike() && existsSync("/usr/bin/apt-get")) {
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    if (
      step("apt-get", ["update"], env) &&
      step("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], env) &&
      runs(DEBIAN_CHROMIUM)
    ) {
      return DEBIAN_CHROMIUM;
    }
  }
  return null;
}

/** The browser the tests use: what `npm run browser` found, or Debian's path when it was not run. */
export function chosenBrowser(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return (JSON.parse(readFileSync(BROWSER_FILE, "utf8")) as { path: string }).path;
  } catch {
    return DEBIAN_CHROMIUM;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const path = findOrGetBrowser();
  if (!path) {
    console.error(
      "No Chromium for the end-to-end tests: install one (Debian/Ubuntu: `sudo apt-get install chromium`; elsewhere: `npx playwright install chromium`) or set CHROMIUM_PATH, then run npm test again.",
    );
    process.exit(1);
  }
  mkdirSync(dirname(BROWSER_FILE), { recursive: true });
  writeFileSync(BROWSER_FILE, `${JSON.stringify({ path })}\n`);
  console.log(`browser: ${path}`);
}
