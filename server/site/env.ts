import { z } from "zod";
import { isTurnstileTestKey, TURNSTILE_TEST_SITE_KEY } from "../contract/challenge";

/** The site worker's environment, checked once per isolate (bindings are not serialisable, so they are typed apart). */
const varsSchema = z.object({
  ENVIRONMENT: z.enum(["development", "production"]).default("production"),
  PLATFORM_URL: z.string().url().optional(),
  /** JSON map hostname → siteId used when TENANTS has no entry */
  TENANT_HOSTS: z
    .string()
    .default("{}")
    .transform((raw, ctx) => {
      try {
        return z.record(z.string()).parse(JSON.parse(raw));
      } catch {
        ctx.addIssue({ code: "custom", message: "TENANT_HOSTS must be a JSON object of hostname → siteId" });
        return z.NEVER;
      }
    }),
  /**
   * The back office's hostnames, comma-separated (app/backoffice/README.md, decision 034): a request
   * to one of them is the back office's and never a brand's; empty: no back office here.
   */
  OPERATOR_HOSTS: z
    .string()
    .default("")
    .transform((raw) =>
      raw
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Cloudflare Access in front of the back office in production: the team domain and the
   * application's audience tag (the platform's operator application, which the back office's
   * hostname joins). Without both, production refuses the back office.
   */
  ACCESS_TEAM_DOMAIN: z.string().trim().default(""),
  ACCESS_AUD: z.string().trim().default(""),
  SITE_INFO_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * Turnstile's site key, which draws the sign-in challenge (public, but put with `wrangler secret
   * put` so that wrangler.toml names no account's widget). Development without
   * one uses Cloudflare's always-passing test key; production refuses every test key.
   */
  TURNSTILE_SITE_KEY: z.string().trim().default(""),
  /** comma-separated; the first encrypts the session cookie, all decrypt (rotation; sealed-cookie.ts) */
  SESSION_SECRETS: z
    .string({ required_error: "missing" })
    .transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32)).min(1)),
});

export interface Bindings {
  TENANTS: KVNamespace;
  ASSETS?: Fetcher;
  /** service binding to the platform; when absent, PLATFORM_URL is used */
  PLATFORM?: Fetcher;
}

export type Env = z.infer<typeof varsSchema> & Bindings;

/** Session secrets that were once committed or are used by tests: public, so never valid in production. */
const KNOWN_DEVELOPMENT_SECRETS = new Set([
  "dev-only-secret-change-me-0123456789abcdef",
  "test-session-secret-0123456789abcdefghij",
]);

/** Why this environment may not serve in production; empty when it may (development is never refused here). */
function productionProblems(vars: z.infer<typeof varsSchema>, raw: Record<string, unknown>): string[] {
  if (vars.ENVIRONMENT !== "production") return [];
  const problems: string[] = [];
  if (vars.SESSION_SECRETS.some((secret) => KNOWN_DEVELOPMENT_SECRETS.has(secret))) {
    problems.push(
      "SESSION_SECRETS holds a public development value: set random secrets with `wrangler secret put SESSION_SECRETS`",
    );
  }
  if (vars.TURNSTILE_SITE_KEY === "")
    problems.push(
      "TURNSTILE_SITE_KEY is not set: `wrangler secret put TURNSTILE_SITE_KEY` (the site key of the Turnstile widget)",
    );
  else if (isTurnstileTestKey(vars.TURNSTILE_SITE_KEY))
    problems.push("TURNSTILE_SITE_KEY is one of Cloudflare's public test keys: set the widget's own site key");
  if (!raw.PLATFORM && !vars.PLATFORM_URL?.startsWith("https://")) {
    problems.push("no PLATFORM service binding, and PLATFORM_URL is not an https:// address");
  }
  return problems;
}

export type EnvResult = { ok: true; env: Env } | { ok: false; problems: string[] };

let cached: { raw: unknown; result: EnvResult } | undefined;

/**
 * The worker's environment, checked once per isolate. A configuration that is wrong, or unsafe for
 * production (a missing or public secret, no way to reach the platform), is not served at all: the
 * entry answers 503 and logs the problems (server/site/index.ts).
 */
export function loadEnv(raw: Record<string, unknown>): EnvResult {
  if (cached?.raw === raw) return cached.result;
  const parsed = varsSchema.safeParse(raw);
  let result: EnvResult;
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      return name === "SESSION_SECRETS"
        ? "SESSION_SECRETS is missing or holds a secret shorter than 32 characters: `wrangler secret put SESSION_SECRETS`"
        : `${name}: ${issue.message}`;
    });
    result = { ok: false, problems };
  } else if (!raw.PLATFORM && !parsed.data.PLATFORM_URL) {
    result = { ok: false, problems: ["either a PLATFORM service binding or PLATFORM_URL is required"] };
  } else {
    const problems = productionProblems(parsed.data, raw);
    const b = raw as unknown as Bindings;
    result =
      problems.length > 0
        ? { ok: false, problems }
        : {
            ok: true,
            env: {
              ...parsed.data,
              TURNSTILE_SITE_KEY: parsed.data.TURNSTILE_SITE_KEY || TURNSTILE_TEST_SITE_KEY,
              TENANTS: b.TENANTS,
              ASSETS: b.ASSETS,
              PLATFORM: b.PLATFORM,
            },
          };
  }
  cached = { raw, result };
  return result;
}
