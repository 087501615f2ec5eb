/**
 * Development secrets. Cloudflare's convention keeps a worker's local secrets in `.dev.vars` beside
 * its wrangler.toml (git-ignored; `wrangler dev` and Miniflare read it, `wrangler deploy` never
 * ships it). Nothing secret is committed: on first use each file is written with random values,
 * so no two machines share a session secret or an operator key, and a production worker refuses
 * both the values once committed here and anything shorter than 32 characters (server/site/env.ts,
 * server/platform/env.ts).
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { TURNSTILE_TEST_SECRET, TURNSTILE_TEST_SITE_KEY } from "../../contract/challenge";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
export const SITE_DEV_VARS = `${ROOT}.dev.vars`;
export const PLATFORM_DEV_VARS = `${ROOT}server/platform/.dev.vars`;

/** `KEY=value` lines (values may be double-quoted), as wrangler reads them. */
export function parseDevVars(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trimStart().startsWith("#")) continue;
    vars[match[1]!] = match[2]!.replace(/^"(.*)"$/, "$1");
  }
  return vars;
}

/**
 * The file's variables, after adding any of `wanted` it lacks with a fresh random value, and any
 * of `fixed` it lacks with the value given.
 */
function ensure(
  file: string,
  wanted: string[],
  header: string,
  fixed: Record<string, string> = {},
): Record<string, string> {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const vars = parseDevVars(text);
  const missing = [...wanted, ...Object.keys(fixed)].filter((name) => !vars[name]);
  if (missing.length > 0) {
    const lines = missing.map((name) => {
      vars[name] = fixed[name] ?? randomBytes(32).toString("hex");
      return `${name}="${vars[name]}"`;
    });
    const prefix = text === "" ? `${header}\n` : text.endsWith("\n") ? "" : "\n";
    writeFileSync(file, `${text}${prefix}${lines.join("\n")}\n`, { mode: 0o600 });
  }
  return vars;
}

const HEADER =
  "# Local development secrets (git-ignored; made by npm start / npm run serve / npm test). Never used by wrangler deploy.";

/** The site's and the platform's development secrets, made on first use. */
export function ensureDevVars(): { sessionSecrets: string; operatorKey: string; localBeaconSecret: string } {
  // Turnstile's documented test keys: the widget always passes and the platform checks the answer
  // locally (server/platform/auth/turnstile.ts); a production worker refuses them
  const site = ensure(SITE_DEV_VARS, ["SESSION_SECRETS"], HEADER, { TURNSTILE_SITE_KEY: TURNSTILE_TEST_SITE_KEY });
  // LOCAL_BEACON_SECRET: the local beacon's key (decision 031), the operator's own, so development only
  const platform = ensure(PLATFORM_DEV_VARS, ["OPERATOR_KEY", "LOCAL_BEACON_SECRET"], HEADER, {
    TURNSTILE_SECRET_KEY: TURNSTILE_TEST_SECRET,
  });
  return {
    sessionSecrets: site.SESSION_SECRETS!,
    operatorKey: platform.OPERATOR_KEY!,
    localBeaconSecret: platform.LOCAL_BEACON_SECRET!,
  };
}

/** The operator key a local tool should use: OPERATOR_KEY from the environment, else the development one. */
export function localOperatorKey(): string {
  return process.env.OPERATOR_KEY ?? ensureDevVars().operatorKey;
}
