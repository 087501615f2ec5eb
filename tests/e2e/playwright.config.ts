import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium";
import { PLATFORM_PORT, SITE_PORT } from "./ports";

/**
 * End-to-end tests: the product as deployed — the production build of the site and the platform
 * in one workerd, joined by the PLATFORM service binding (server/cli/local/serve.ts, as `npm run serve`)
 * — on their own ports with a fresh state folder, driven by the Chromium `npm run browser` found.
 * Run after `npm run build` and `npm run browser` (`npm test` does all three).
 */
const root = fileURLToPath(new URL("../..", import.meta.url));

const STATE_DIR = "tests/.tmp/e2e-state";

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: `${root}/tests/.tmp/e2e-results`,
  fullyParallel: true,
  workers: 2,
  // no retry, in CI or not: a test that passes only the second time is a flake to fix, not to hide
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // a hung run ends here, nothing else: the suite takes 6 to 10 min on 2 cores, and 15 min at load
  // 19 (five engineers' builds beside it), where the old 15-minute guard cut a passing run short
  globalTimeout: 25 * 60_000,
  use: {
    baseURL: `http://localhost:${SITE_PORT}`,
    locale: "en-US",
    timezoneId: "UTC",
    // a failed test keeps its actions, network and console (and error-context.md a snapshot of the
    // page); the screencast and DOM snapshots cost a third of the suite's time on 2 cores, so a
    // closer look reruns it with `npm run e2e -- --trace retain-on-failure <file>`
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: "desktop", use: { viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // a fresh state folder each run: no accounts or sessions left over from the last one
    command: `rm -rf ${STATE_DIR} && exec npx tsx server/cli/local/serve.ts`,
    cwd: root,
    url: `http://127.0.0.1:${SITE_PORT}/build-id.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      SITE_PORT: String(SITE_PORT),
      PLATFORM_PORT: String(PLATFORM_PORT),
      STATE_DIR,
      WRANGLER_SEND_METRICS: "false",
    },
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
