/**
 * `npm run serve`: the production build as it runs deployed — the member site and the reference
 * platform in one workerd (Miniflare), the site reaching the platform over its PLATFORM service
 * binding, each worker's bindings read from its wrangler.toml — without wrangler dev's proxy
 * workers, inspector and file watcher. The demo sites are seeded as `npm start` seeds them: only
 * what is missing, so a restart on the same STATE_DIR keeps its members, money and every operator
 * change.
 * The bench measures the product this way (tests/bench/stack.ts); `npm start` stays the
 * development server.
 *
 * Environment: SITE_PORT (8787; the platform's HTTP port is PLATFORM_PORT, 8788, for the operator
 * API and the bench's direct calls), STATE_DIR (where Durable Objects, KV and R2 keep their data;
 * .wrangler/serve by default).
 *
 * PLATFORM_CLOCK_CONTROL=1 (local looks only, e.g. screenshots of a revealed day without waiting a
 * day): the platform runs behind an entry whose clock runs on from real time plus an offset, set in
 * milliseconds with `POST /__test__/clock-offset` on the platform's port (answers the platform's
 * now). The offset only ever grows: a market that recorded a later time never goes back. Nothing of
 * this is in wrangler.toml's build or in production: it exists only in this local tool.
 */
import { existsSync } from "node:fs";
import { Miniflare, type WorkerOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { ensureDevVars } from "./dev-vars";
import { httpPlatform } from "../operator/client";
import { seedMissing } from "../seed/seed";
import { SHIFTED_CLOCK_ENTRY } from "./shifted-clock";

const SITE_PORT = Number(process.env.SITE_PORT ?? 8787);
const PLATFORM_PORT = Number(process.env.PLATFORM_PORT ?? 8788);
const STATE_DIR = process.env.STATE_DIR ?? ".wrangler/serve";
const SITE_BUNDLE = ".build/site/index.js";
const PLATFORM_BUNDLE = ".build/platform/worker.js";

for (const file of [SITE_BUNDLE, PLATFORM_BUNDLE]) {
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
}

// the production build with each worker's development environment: its bindings and variables
// from `[env.dev]`, its secrets from the git-ignored .dev.vars
const { sessionSecrets, operatorKey, localBeaconSecret } = ensureDevVars();

/** A worker's Miniflare options from its wrangler.toml's `[env.dev]`, running the given built module. */
function fromWrangler(
  name: string,
  config: string,
  scriptPath: string,
  secrets: Record<string, string>,
): WorkerOptions {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config, "dev");
  return {
    ...(workerOptions as WorkerOptions),
    bindings: { ...(workerOptions.bindings as Record<string, string>), ...secrets },
    name,
    modules: [{ type: "ESModule", path: scriptPath }],
    modulesRoot: ".",
  } as WorkerOptions;
}

const platform = fromWrangler("member-platform", "server/platform/wrangler.toml", PLATFORM_BUNDLE, {
  OPERATOR_KEY: operatorKey,
  LOCAL_BEACON_SECRET: localBeaconSecret,
});
if (process.env.PLATFORM_CLOCK_CONTROL === "1") {
  platform.modules = [
    { type: "ESModule", path: PLATFORM_BUNDLE.replace("worker.js", "clock-entry.js"), contents: SHIFTED_CLOCK_ENTRY },
    { type: "ESModule", path: PLATFORM_BUNDLE },
  ];
  console.log("platform clock: shiftable (POST /__test__/clock-offset on the platform's port)");
}
// the site reaches the platform over the service binding, as deployed
const site: WorkerOptions = {
  ...fromWrangler("member-site", "wrangler.toml", SITE_BUNDLE, { SESSION_SECRETS: sessionSecrets }),
  serviceBindings: { PLATFORM: "member-platform" },
};

const mf = new Miniflare({
  host: "127.0.0.1",
  // the site answers behind Miniflare's entry worker, which compresses answers as Cloudflare's edge
  // does (members' phones get brotli, not raw bytes); the platform, called by the site over the
  // binding, gets a plain socket of its own for the operator API
  port: SITE_PORT,
  defaultPersistRoot: STATE_DIR,
  workers: [site, { ...platform, unsafeDirectSockets: [{ host: "127.0.0.1", port: PLATFORM_PORT }] } as WorkerOptions],
});
await mf.ready;

const platformUrl = `http://127.0.0.1:${PLATFORM_PORT}`;
// an existing state keeps what operators changed: only what is missing is seeded (../seed/seed.ts)
const seeded = await seedMissing(httpPlatform(platformUrl, operatorKey));
console.log(
  `platform: ${platformUrl} (demo sites: ${Object.entries(seeded)
    .map(([site, outcome]) => `${site} ${outcome}`)
    .join(", ")})`,
);
console.log(`site: http://localhost:${SITE_PORT}  ·  http://brand2.localhost:${SITE_PORT}`);

async function stop() {
  await mf.dispose();
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
