/**
 * What `wrangler deploy` would ship, read from `wrangler deploy --dry-run` of both workers'
 * production configuration and of their staging one (`--env staging`; no network): production
 * mode, no development value, no secret in the configuration, the site joined to the platform by
 * its service binding, no public address for the platform but its operator hostname, and staging
 * apart from production in every name, store and hostname. Needs the site's build (`npm test`
 * builds first).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { placeholderRoutes, routesOf } from "../../server/cli/deploy/environments";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SITE_CONFIG = join(ROOT, "wrangler.toml");
const PLATFORM_CONFIG = join(ROOT, "server/platform/wrangler.toml");

/** Secrets: set with `wrangler secret put`, never in a configuration file. */
const SECRET_NAMES = [
  "SESSION_SECRETS",
  "OPERATOR_KEY",
  "SMS_PROVIDER_KEY",
  "SMS_PROVIDER_URL",
  "ACCESS_AUD",
  "ACCESS_TEAM_DOMAIN",
  "TURNSTILE_SECRET_KEY",
  "TURNSTILE_SITE_KEY",
];
/** Values that only make sense on a developer's machine. */
const DEVELOPMENT_VALUE = /localhost|127\.0\.0\.1|development|dev-|test-|\blog\b/i;

interface DryRun {
  output: string;
  /** `env.NAME (detail)` → resource kind, from the bindings table */
  bindings: Map<string, { detail: string; kind: string }>;
}

let outdir: string;

function dryRun(config: string, env = ""): DryRun {
  const output = execFileSync(
    "npx",
    [
      "wrangler",
      "deploy",
      "--dry-run",
      `--env=${env}`,
      "--config",
      config,
      "--outdir",
      join(outdir, `${config.length}${env}`),
    ],
    {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1", FORCE_COLOR: "0" },
    },
  );
  const bindings = new Map<string, { detail: string; kind: string }>();
  for (const line of output.split("\n")) {
    const match = /^env\.([A-Z_]+)(?: \((.*)\))?\s{2,}(.+?)\s*$/.exec(line);
    if (match) bindings.set(match[1]!, { detail: match[2] ?? "", kind: match[3]! });
  }
  return { output, bindings };
}

let site: DryRun;
let platform: DryRun;
let stagingSite: DryRun;
let stagingPlatform: DryRun;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), "deploy-dry-run-"));
  site = dryRun(SITE_CONFIG);
  platform = dryRun(PLATFORM_CONFIG);
  stagingSite = dryRun(SITE_CONFIG, "staging");
  stagingPlatform = dryRun(PLATFORM_CONFIG, "staging");
}, 180_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe("the site worker as deployed", () => {
  it("runs in production mode", () => {
    expect(site.bindings.get("ENVIRONMENT")?.detail).toBe('"production"');
  });

  it("reaches the platform by its service binding, not by an address", () => {
    expect(site.bindings.get("PLATFORM")).toEqual({ detail: "member-platform", kind: "Worker" });
    expect(site.bindings.has("PLATFORM_URL")).toBe(false);
  });

  it("carries no secret and no development value among its variables", () => {
    for (const name of SECRET_NAMES) expect(site.bindings.has(name), name).toBe(false);
    for (const [name, { detail, kind }] of site.bindings) {
      if (kind === "Environment Variable") expect(detail, name).not.toMatch(DEVELOPMENT_VALUE);
    }
  });

  it("has a real TENANTS namespace, not a made-up id, and no workers.dev address", () => {
    expect(site.bindings.get("TENANTS")?.kind).toBe("KV Namespace");
    const config = unstable_readConfig({ config: SITE_CONFIG, env: undefined });
    expect(config.kv_namespaces[0]?.id ?? "").not.toMatch(/^0+$|dev/);
    expect(config.workers_dev).toBe(false);
  });

  it("ships a production build of the app", () => {
    const bundle = readFileSync(join(ROOT, ".build/site/index.js"), "utf8");
    expect(bundle).toMatch(/="production",[\w$]+="public\/build"/);
  });

  it("maps the worker's source for its logs, and serves no map of the app's source to browsers", () => {
    const bundle = readFileSync(join(ROOT, ".build/site/index.js"), "utf8");
    // wrangler uploads the map the module's last line names (upload_source_maps)
    expect(bundle.trimEnd().split("\n").at(-1)).toBe("//# sourceMappingURL=index.js.map");
    expect(JSON.parse(readFileSync(join(ROOT, ".build/site/index.js.map"), "utf8")).sources.length).toBeGreaterThan(
      100,
    );
    const served = readdirSync(join(ROOT, "public/build"), { recursive: true }).map(String);
    expect(served.filter((f) => f.endsWith(".map"))).toEqual([]);
    const pointing = served
      .filter((f) => /\.(js|css)$/.test(f))
      .filter((f) => readFileSync(join(ROOT, "public/build", f), "utf8").includes("sourceMappingURL"));
    expect(pointing).toEqual([]);
  });

  it("bundles one React server renderer, the streaming one: not the legacy renderToString nothing calls (35 KB of a 1 MB module)", () => {
    const meta = JSON.parse(readFileSync(join(ROOT, ".build/site/metafile.server.json"), "utf8")) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const inputs = Object.keys(meta.outputs[".build/site/index.js"]?.inputs ?? {});
    expect(
      inputs
        .filter((input) => input.includes("react-dom/cjs/react-dom-server"))
        .map((input) => input.replace(/.*\/cjs\//, "")),
    ).toEqual(["react-dom-server.browser.production.min.js"]);
  });
});

describe("the platform worker as deployed", () => {
  it("runs in production mode with a real SMS provider", () => {
    expect(platform.bindings.get("ENVIRONMENT")?.detail).toBe('"production"');
    expect(platform.bindings.get("SMS_PROVIDER")?.detail).toBe('"http"');
  });

  it("carries no secret and no development value among its variables", () => {
    for (const name of SECRET_NAMES) expect(platform.bindings.has(name), name).toBe(false);
    for (const [name, { detail, kind }] of platform.bindings) {
      if (kind === "Environment Variable") expect(detail, name).not.toMatch(DEVELOPMENT_VALUE);
    }
  });

  it("holds its Durable Objects and the uploads bucket", () => {
    for (const name of ["SITE", "MEMBER", "MARKET", "OPERATORS"])
      expect(platform.bindings.get(name)?.kind).toBe("Durable Object");
    expect(platform.bindings.get("UPLOADS")).toEqual({ detail: "member-uploads", kind: "R2 Bucket" });
  });

  it("writes its metrics to Analytics Engine and reports its version on /healthz", () => {
    expect(platform.bindings.get("METRICS")).toEqual({
      detail: "member_platform_metrics",
      kind: "Analytics Engine Dataset",
    });
    expect(platform.bindings.get("CF_VERSION_METADATA")?.kind).toBe("Worker Version Metadata");
  });

  it("is on the public internet only at its operator hostname: a custom domain, no workers.dev address, no preview URL", () => {
    const config = unstable_readConfig({ config: PLATFORM_CONFIG, env: undefined });
    expect(config.workers_dev).toBe(false);
    expect(config.preview_urls).toBe(false);
    expect(config.route).toBeUndefined();
    expect(config.routes).toEqual([{ pattern: expect.stringMatching(/^[a-z0-9.-]+$/) as string, custom_domain: true }]);
  });
});

/** Both workers' configuration in one environment, as wrangler reads it. */
const configs = (env: string | undefined) => ({
  site: unstable_readConfig({ config: SITE_CONFIG, env }),
  platform: unstable_readConfig({ config: PLATFORM_CONFIG, env }),
});

describe("staging, as `wrangler deploy --env staging` ships it", () => {
  it("runs production's code and checks, with no secret and no development value among its variables", () => {
    for (const worker of [stagingSite, stagingPlatform]) {
      expect(worker.bindings.get("ENVIRONMENT")?.detail).toBe('"production"');
      for (const name of SECRET_NAMES) expect(worker.bindings.has(name), name).toBe(false);
      for (const [name, { detail, kind }] of worker.bindings) {
        if (kind === "Environment Variable") expect(detail, name).not.toMatch(DEVELOPMENT_VALUE);
      }
    }
    expect(stagingPlatform.bindings.get("SMS_PROVIDER")?.detail).toBe('"http"');
  });

  it("is its own pair of workers: the staging site reaches the staging platform, never production's", () => {
    const staging = configs("staging");
    const production = configs(undefined);
    expect(staging.site.name).toBe("member-site-staging");
    expect(staging.platform.name).toBe("member-platform-staging");
    expect(stagingSite.bindings.get("PLATFORM")).toEqual({ detail: "member-platform-staging", kind: "Worker" });
    expect(stagingSite.bindings.has("PLATFORM_URL")).toBe(false);
    expect(staging.site.name).not.toBe(production.site.name);
    expect(staging.platform.name).not.toBe(production.platform.name);
  });

  it("keeps its data apart: Durable Objects of its own worker (same classes and migrations), its own bucket and namespace", () => {
    const staging = configs("staging");
    const production = configs(undefined);
    for (const name of ["SITE", "MEMBER", "MARKET", "OPERATORS"])
      expect(stagingPlatform.bindings.get(name)?.kind).toBe("Durable Object");
    // a Durable Object's storage belongs to its worker's name: a binding to production's would name it
    expect(
      staging.platform.durable_objects.bindings.every((b: { script_name?: string }) => b.script_name === undefined),
    ).toBe(true);
    expect(staging.platform.migrations).toEqual(production.platform.migrations);
    expect(stagingPlatform.bindings.get("UPLOADS")).toEqual({ detail: "member-uploads-staging", kind: "R2 Bucket" });
    expect(stagingSite.bindings.get("TENANTS")?.kind).toBe("KV Namespace");
    const tenants = (c: typeof staging.site) =>
      c.kv_namespaces.find((kv: { binding: string; id?: string }) => kv.binding === "TENANTS")?.id;
    if (tenants(production.site) !== undefined) expect(tenants(staging.site)).not.toBe(tenants(production.site));
  });

  it("answers on hostnames of its own, not production's, and on no workers.dev address", () => {
    const staging = configs("staging");
    for (const config of [staging.site, staging.platform]) {
      expect(config.workers_dev).toBe(false);
      expect(config.preview_urls).toBe(false);
    }
    for (const config of [SITE_CONFIG, PLATFORM_CONFIG]) {
      const ownRoutes = routesOf(config, "staging");
      expect(ownRoutes.length, config).toBeGreaterThan(0);
      for (const route of ownRoutes) expect(routesOf(config, "production"), config).not.toContainEqual(route);
    }
    expect(staging.platform.routes).toEqual([
      { pattern: expect.stringMatching(/^[a-z0-9.-]+$/) as string, custom_domain: true },
    ]);
  });
});

describe("routes and custom domains", () => {
  it("come with example.com placeholders, which `npm run deploy` names and refuses to deploy", () => {
    expect(placeholderRoutes(PLATFORM_CONFIG, "production")).toEqual(["ops.example.com (custom domain)"]);
    expect(placeholderRoutes(SITE_CONFIG, "staging")).toEqual(["*-staging.example.com/* on zone example.com"]);
    // the SaaS route's pattern (*/*) names no domain: its zone is the placeholder
    expect(placeholderRoutes(SITE_CONFIG, "production")).toEqual(["*/* on zone example.com"]);
  });

  it("are none in development: local tools never take a deployed hostname", () => {
    const dev = configs("dev");
    expect(dev.site.routes).toEqual([]);
    expect(dev.platform.routes).toEqual([]);
  });
});

describe('logs, traces and metrics in every environment (docs/deploy.md, "Logs and metrics")', () => {
  /** Each configuration's environments: production (the top level) and every [env.*] it names. */
  const environments = (config: string): (string | undefined)[] => [
    undefined,
    ...new Set([...readFileSync(config, "utf8").matchAll(/^\[+env\.([\w-]+)[.\]]/gm)].map((m) => m[1]!)),
  ];

  it("turns Workers Logs, invocation logs and traces on, and uploads source maps, for both workers", () => {
    for (const config of [SITE_CONFIG, PLATFORM_CONFIG])
      for (const env of environments(config)) {
        const read = unstable_readConfig({ config, env });
        const where = `${config} ${env ?? "production"}`;
        expect(read.observability, where).toMatchObject({
          enabled: true,
          logs: { enabled: true, invocation_logs: true },
          traces: { enabled: true },
        });
        expect(read.upload_source_maps, where).toBe(true);
      }
  });

  it("gives the platform its METRICS dataset in each environment (a binding no environment inherits)", () => {
    for (const env of environments(PLATFORM_CONFIG)) {
      const read = unstable_readConfig({ config: PLATFORM_CONFIG, env });
      expect(
        read.analytics_engine_datasets.map((dataset: { binding: string }) => dataset.binding),
        env ?? "production",
      ).toEqual(["METRICS"]);
    }
  });
});
