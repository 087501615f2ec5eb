/**
 * `npm start`: the reference platform on 127.0.0.1:8788, the demo sites seeded through the
 * operator API, then the member site on 127.0.0.1:8787. Both run under `wrangler dev` (workerd),
 * with their state kept in .wrangler/ between runs (or STATE_DIR). On a state that has the demo
 * sites, seeding leaves them as operators changed them (../seed/seed.ts, seedMissing). Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { ensureDevVars } from "./dev-vars";
import { httpPlatform } from "../operator/client";
import { seedMissing } from "../seed/seed";

const PLATFORM_PORT = Number(process.env.PLATFORM_PORT ?? 8788);
const SITE_PORT = Number(process.env.SITE_PORT ?? 8787);
const platformUrl = `http://127.0.0.1:${PLATFORM_PORT}`;
/** where both workers keep their state (tests point this at a fresh folder) */
const persist = process.env.STATE_DIR ? ["--persist-to", process.env.STATE_DIR] : [];
const children: ChildProcess[] = [];

function wrangler(args: string[]): ChildProcess {
  const child = spawn(
    "npx",
    ["wrangler", "dev", "--ip", "127.0.0.1", "--show-interactive-dev-session=false", ...args],
    {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    },
  );
  children.push(child);
  child.on("exit", (code) => {
    if (!stopping) {
      console.error(`wrangler ${args.join(" ")} exited with ${code}`);
      stop(1);
    }
  });
  return child;
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

// both workers run their development environment, with their secrets in the git-ignored .dev.vars
const { operatorKey } = ensureDevVars();

wrangler([
  "--config",
  "server/platform/wrangler.toml",
  "--env",
  "dev",
  "--port",
  String(PLATFORM_PORT),
  "--inspector-port",
  String(PLATFORM_PORT + 1442),
  ...persist,
]);
await waitFor(`${platformUrl}/site/info/demo`);
// an existing state keeps what operators changed: only what is missing is seeded (../seed/seed.ts)
const seeded = await seedMissing(httpPlatform(platformUrl, operatorKey));
console.log(
  `platform: ${platformUrl} (demo sites: ${Object.entries(seeded)
    .map(([site, outcome]) => `${site} ${outcome}`)
    .join(", ")})`,
);
wrangler([
  "--config",
  "wrangler.toml",
  "--env",
  "dev",
  "--port",
  String(SITE_PORT),
  "--inspector-port",
  String(SITE_PORT + 1442),
  ...persist,
]);
await waitFor(`http://127.0.0.1:${SITE_PORT}/build-id.json`);
console.log(`site: http://localhost:${SITE_PORT}  ·  http://brand2.localhost:${SITE_PORT}`);
