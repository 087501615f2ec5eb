/**
 * `npm run deploy`: both workers to Cloudflare, platform first (the site's PLATFORM service binding
 * names it), from their production configuration (the top level of each wrangler.toml) or their
 * staging one (`[env.staging]`); never `[env.dev]`. Before anything is uploaded it checks that
 * every route is filled in (no example.com placeholder left) and that every secret each worker
 * needs is set, so a deployment cannot come up on a domain nobody owns or on missing secrets (the
 * workers would refuse to serve anyway).
 *
 *   npm run deploy [-- --env staging] [--dry-run]
 *
 * --env      production (default) or staging (docs/deploy.md, "Environments")
 * --dry-run  build and show what would be uploaded, without an account or network
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ENVIRONMENTS, placeholderRoutes, wranglerEnv, type Environment } from "./environments";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const PLATFORM_CONFIG = "server/platform/wrangler.toml";
const SITE_CONFIG = "wrangler.toml";

/** The secrets each worker refuses to serve without (server/site/env.ts, server/platform/env.ts). */
const REQUIRED_SECRETS: Record<string, string[]> = {
  [PLATFORM_CONFIG]: [
    "OPERATOR_KEY",
    "SMS_PROVIDER_URL",
    "SMS_PROVIDER_KEY",
    "ACCESS_TEAM_DOMAIN",
    "ACCESS_AUD",
    "TURNSTILE_SECRET_KEY",
  ],
  [SITE_CONFIG]: ["SESSION_SECRETS", "TURNSTILE_SITE_KEY"],
};

function run(command: string, args: string[], capture = false): { ok: boolean; stdout: string } {
  if (!capture) console.log(`\n$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, {
    cwd: ROOT,
    encoding: "utf8",
    stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  return { ok: result.status === 0, stdout: result.stdout ?? "" };
}

/** The names of the secrets set on the deployed worker; null when it cannot be asked (not deployed, not logged in). */
function secretNames(config: string, env: string): string[] | null {
  const listed = run(
    "npx",
    ["wrangler", "secret", "list", `--env=${env}`, "--config", config, "--format", "json"],
    true,
  );
  if (!listed.ok) return null;
  try {
    return (JSON.parse(listed.stdout) as { name: string }[]).map((secret) => secret.name);
  } catch {
    return null;
  }
}

function fail(message: string): never {
  console.error(`deploy: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    env: { type: "string", default: "production" },
    "dry-run": { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
  strict: true,
});
if (values.help) {
  console.log("usage: npm run deploy [-- --env production|staging] [--dry-run]   (docs/deploy.md)");
  process.exit(0);
}
const dryRun = values["dry-run"];
if (!(ENVIRONMENTS as readonly string[]).includes(values.env)) {
  fail(`--env ${values.env}: not one of ${ENVIRONMENTS.join(", ")} (development runs with npm start)`);
}
const environment = values.env as Environment;
const env = wranglerEnv(environment);

const unfilled = [PLATFORM_CONFIG, SITE_CONFIG].flatMap((config) =>
  placeholderRoutes(config, environment).map((route) => `${config}: ${route}`),
);
if (unfilled.length > 0) {
  const list = unfilled.map((line) => `\n  ${line}`).join("");
  if (!dryRun) fail(`put your own domains in place of the example.com placeholders first:${list}`);
  console.warn(`deploy: placeholders still to fill in before a real deploy:${list}`);
}

if (!dryRun) {
  for (const [config, required] of Object.entries(REQUIRED_SECRETS)) {
    const names = secretNames(config, env);
    if (names === null) {
      fail(
        `cannot list the secrets of ${config}'s worker: log in (\`npx wrangler login\` or CLOUDFLARE_API_TOKEN) and set its secrets first (docs/deploy.md)`,
      );
    }
    const missing = required.filter((name) => !names.includes(name));
    if (missing.length > 0) {
      fail(
        `${config} (${environment}): set ${missing.join(", ")} first, e.g. \`npx wrangler secret put ${missing[0]} --env=${env} --config ${config}\``,
      );
    }
  }
}

if (!run("npm", ["run", "build"]).ok) fail("the build failed");

const common = ["wrangler", "deploy", `--env=${env}`, ...(dryRun ? ["--dry-run"] : [])];
if (!run("npx", [...common, "--config", PLATFORM_CONFIG]).ok)
  fail("the platform did not deploy; the site was left as it was");
if (!run("npx", [...common, "--config", SITE_CONFIG]).ok) fail("the site did not deploy");
console.log(
  dryRun
    ? `\ndeploy: dry run of ${environment} done, nothing uploaded`
    : `\ndeploy: ${environment} platform and site deployed`,
);
