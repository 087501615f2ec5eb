/**
 * The shape of the deploy pipeline (.github/workflows/deploy.yml, docs/deploy.md "The pipeline"):
 * tests on every push, then staging, then production on a version tag only, gradually; Cloudflare
 * reached through cloudflare/wrangler-action; secrets named, never written.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const WORKFLOW = fileURLToPath(new URL("../../.github/workflows/deploy.yml", import.meta.url));

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  environment?: string;
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: { push?: { branches?: string[]; tags?: string[] }; pull_request?: unknown };
  jobs: Record<string, Job>;
}

const text = readFileSync(WORKFLOW, "utf8");
const workflow = parse(text) as Workflow;
const { jobs } = workflow;
const needs = (job: Job) => (job.needs === undefined ? [] : [job.needs].flat());
/** The wrangler commands a job runs through cloudflare/wrangler-action, in order. */
const wranglerCommands = (job: Job) =>
  job.steps.filter((s) => s.uses?.startsWith("cloudflare/wrangler-action@")).map((s) => s.with?.command ?? "");

describe("the deploy workflow", () => {
  it("runs on pushes (main and version tags) and pull requests", () => {
    expect(workflow.on.push?.branches).toEqual(["main"]);
    expect(workflow.on.push?.tags).toEqual(["v*"]);
    expect(workflow.on).toHaveProperty("pull_request");
  });

  it("has three jobs in order: test, then staging, then production", () => {
    expect(Object.keys(jobs)).toEqual(["test", "staging", "production"]);
    expect(needs(jobs.test!)).toEqual([]);
    expect(needs(jobs.staging!)).toEqual(["test"]);
    expect(needs(jobs.production!)).toEqual(["staging"]);
  });

  it("tests a clean install with the README's test command before anything deploys", () => {
    const runs = jobs.test!.steps.map((s) => s.run).filter(Boolean);
    expect(runs).toEqual(["npm ci", "npm test"]);
    expect(wranglerCommands(jobs.test!)).toEqual([]);
  });

  it("deploys staging on a push only, platform first, through cloudflare/wrangler-action", () => {
    expect(jobs.staging!.if).toBe("github.event_name == 'push'");
    expect(jobs.staging!.environment).toBe("staging");
    expect(wranglerCommands(jobs.staging!)).toEqual([
      "deploy --env staging --config server/platform/wrangler.toml",
      "deploy --env staging --config wrangler.toml",
    ]);
  });

  it("deploys production only for a version tag", () => {
    const condition = jobs.production!.if ?? "";
    expect(condition).toContain("startsWith(github.ref, 'refs/tags/v')");
    expect(condition).not.toMatch(/\|\|/);
    expect(jobs.production!.environment).toBe("production");
  });

  it("rolls production out gradually: versions uploaded, 10 % beside the current version, then 100 %, platform before site", () => {
    const commands = wranglerCommands(jobs.production!);
    expect(commands.every((c) => !/^deploy\b/.test(c))).toBe(true);
    // a version: an id the workflow read from wrangler, as an expression
    const v = String.raw`\$\{\{ steps\.[\w-]+\.outputs\.\w+ \}\}`;
    const canary = new RegExp(`^versions deploy ${v}@10 ${v}@90 `);
    const whole = new RegExp(`^versions deploy ${v}@100 `);
    const platform = "--config server/platform/wrangler.toml";
    const site = "--config wrangler.toml";
    const order = [
      (c: string) => c.startsWith("versions upload") && c.includes(platform),
      (c: string) => c.startsWith("versions upload") && c.includes(site),
      (c: string) => canary.test(c) && c.includes(platform),
      (c: string) => whole.test(c) && c.includes(platform),
      (c: string) => canary.test(c) && c.includes(site),
      (c: string) => whole.test(c) && c.includes(site),
    ];
    expect(commands).toHaveLength(order.length);
    commands.forEach((command, i) => expect(order[i]!(command), command).toBe(true));
    // production is the top level of each wrangler.toml, never [env.dev] or [env.staging]
    for (const command of commands) expect(command, command).toMatch(/--env= /);
  });

  it("passes Cloudflare's credentials by secret name only, and holds no literal token", () => {
    for (const [name, job] of Object.entries(jobs)) {
      for (const step of job.steps.filter((s) => s.uses?.startsWith("cloudflare/wrangler-action@"))) {
        expect(step.with?.apiToken, name).toBe("${{ secrets.CLOUDFLARE_API_TOKEN }}");
        expect(step.with?.accountId, name).toBe("${{ secrets.CLOUDFLARE_ACCOUNT_ID }}");
      }
    }
    const secrets = [...text.matchAll(/secrets\.([A-Za-z_]+)/g)].map((m) => m[1]);
    expect(new Set(secrets)).toEqual(new Set(["CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ACCOUNT_ID"]));
    // an API token is 40 characters of [A-Za-z0-9_-]; an account id 32 hex digits
    expect(text).not.toMatch(/(?<![\w-])[A-Za-z0-9_-]{40}(?![\w-])|(?<![\w-])[0-9a-f]{32}(?![\w-])/);
    // the workers' own secrets are put once per environment by a person, never by the pipeline
    const steps = Object.values(jobs).flatMap((job) => job.steps);
    for (const line of steps.flatMap((s) => [s.run ?? "", s.with?.command ?? "", ...Object.keys(s.with ?? {})]))
      expect(line).not.toMatch(/\bsecret\b|^secrets$/);
  });
});
