import { isTurnstileTestKey } from "../contract/challenge";
import type { MarketObject } from "./market/market-object";
import type { MemberObject } from "./member/member-object";
import type { OperatorObject } from "./operators/registry";
import type { SiteObject } from "./site/site-object";

export interface Env {
  SITE: DurableObjectNamespace<SiteObject>;
  MEMBER: DurableObjectNamespace<MemberObject>;
  /** one per trading pair (idFromName(symbol)), plus the pair registry */
  MARKET: DurableObjectNamespace<MarketObject>;
  /** the operator registry: one instance (operators/registry.ts, REGISTRY) */
  OPERATORS: DurableObjectNamespace<OperatorObject>;
  /** members' document images, under platform-generated keys; read only through the owner's member object */
  UPLOADS: R2Bucket;
  /**
   * Getting data back (server/platform/README.md, "Restore, exports and audit retention"): each
   * site's daily CSV files, its audit months past retention, and the record of every restore.
   */
  EXPORTS: R2Bucket;
  /** "production" unless a development configuration says otherwise (wrangler.toml `[env.dev]`, tests) */
  ENVIRONMENT?: string;
  /**
   * The owner's break-glass key (a secret: `wrangler secret put OPERATOR_KEY`): every site, every
   * role, so a fresh deployment can add the first operators; kept offline once people have keys of
   * their own (server/platform/README.md, "Operators"). The owner key's calls are refused while it
   * is empty; registry keys still work.
   */
  OPERATOR_KEY?: string;
  /** the person the owner key stands for, as the audit log names them (default "owner") */
  OPERATOR_NAME?: string;
  /**
   * Cloudflare Access in front of the operator hostname: the team domain (`<team>.cloudflareaccess.com`)
   * and the application's audience tag. In production every operator call must carry a valid Access
   * token for them (server/platform/auth/access.ts), on top of the operator key.
   */
  ACCESS_TEAM_DOMAIN?: string;
  ACCESS_AUD?: string;
  /** "log" (default: codes go to the site's SMS log, read by operators in development) or "http" */
  SMS_PROVIDER?: string;
  /** the HTTP provider's endpoint: it receives POST {to, text} as JSON */
  SMS_PROVIDER_URL?: string;
  /** bearer key for SMS_PROVIDER_URL; set it with `wrangler secret put SMS_PROVIDER_KEY` */
  SMS_PROVIDER_KEY?: string;
  /**
   * Turnstile's secret key, which checks the sign-in challenge's answers (auth/turnstile.ts; a
   * secret: `wrangler secret put TURNSTILE_SECRET_KEY`). Development without one uses Cloudflare's
   * always-passing test secret; production refuses every test key.
   */
  TURNSTILE_SECRET_KEY?: string;
  /**
   * Binance's spot trade stream and REST API, for pairs an operator feeds from the exchange
   * (market/exchange-link.ts): production's defaults when unset (wss://stream.binance.com:9443,
   * https://api.binance.com); local runs and tests point them at the replay server
   * (server/cli/local/binance-replay.mjs).
   */
  BINANCE_STREAM_URL?: string;
  BINANCE_REST_URL?: string;
  /** Workers Analytics Engine: bets, settlements, deposits, withdrawals and errors per site (metrics.ts) */
  METRICS?: AnalyticsEngineDataset;
  /**
   * The randomness beacon every tick mixes in (decision 031, beacon/source.ts): "drand" (quicknet
   * over HTTP; the default in production) or "local" (the platform's own key; the default in
   * development, refused in production).
   */
  BEACON?: string;
  /** drand endpoints for quicknet, comma-separated, tried in order (default: drand's own and Cloudflare's) */
  BEACON_URLS?: string;
  /** the local beacon's secret (git-ignored .dev.vars): its BLS key is derived from it */
  LOCAL_BEACON_SECRET?: string;
  /** the deployed version's id and tag, for /healthz (wrangler.toml `[version_metadata]`) */
  CF_VERSION_METADATA?: WorkerVersionMetadata;
}

export const isProduction = (env: Pick<Env, "ENVIRONMENT">): boolean =>
  (env.ENVIRONMENT ?? "production") !== "development";

/** Operator keys that were once committed or used by tests: public, so never valid in production. */
const KNOWN_DEVELOPMENT_KEYS = new Set(["dev-operator-key", "test-operator-key"]);
const MIN_SECRET_LENGTH = 32;

/**
 * What keeps this configuration from serving in production (empty when it may). The worker answers
 * every request with 503 and logs these lines until they are fixed: a deployment never runs on a
 * missing or public secret.
 */
export function productionProblems(env: Env): string[] {
  if (!isProduction(env)) return [];
  const problems: string[] = [];
  const key = env.OPERATOR_KEY ?? "";
  if (key === "")
    problems.push(
      "OPERATOR_KEY is not set: run `wrangler secret put OPERATOR_KEY --config server/platform/wrangler.toml`",
    );
  else if (KNOWN_DEVELOPMENT_KEYS.has(key))
    problems.push("OPERATOR_KEY is a public development value: set a random one");
  else if (key.length < MIN_SECRET_LENGTH)
    problems.push(`OPERATOR_KEY is shorter than ${MIN_SECRET_LENGTH} characters`);
  // the log provider keeps codes in the operator's log: in production they would never reach a phone
  if (env.SMS_PROVIDER !== "http")
    problems.push('SMS_PROVIDER must be "http" in production (the log provider sends nothing)');
  if (!env.SMS_PROVIDER_URL)
    problems.push(
      "SMS_PROVIDER_URL is not set: run `wrangler secret put SMS_PROVIDER_URL --config server/platform/wrangler.toml`",
    );
  if (!env.SMS_PROVIDER_KEY)
    problems.push(
      "SMS_PROVIDER_KEY is not set: run `wrangler secret put SMS_PROVIDER_KEY --config server/platform/wrangler.toml`",
    );
  // the local beacon's key is the operator's: with it nobody but the operator could check a tick
  if ((env.BEACON ?? "drand") !== "drand")
    problems.push('BEACON must be "drand" in production (the local beacon is signed with the operator\'s own key)');
  const turnstile = env.TURNSTILE_SECRET_KEY ?? "";
  if (turnstile === "")
    problems.push(
      "TURNSTILE_SECRET_KEY is not set: run `wrangler secret put TURNSTILE_SECRET_KEY --config server/platform/wrangler.toml`",
    );
  else if (isTurnstileTestKey(turnstile))
    problems.push("TURNSTILE_SECRET_KEY is one of Cloudflare's public test keys: set the site's own secret key");
  return problems;
}
