import type { Env } from "./env";
import { REGISTRY as PAIR_REGISTRY } from "./market/pairs";
import { REGISTRY as OPERATOR_REGISTRY } from "./operators/registry";

/** The instance each namespace's probe reaches: the registries that exist anyway, and one probe object each for the rest. */
const PROBES = {
  SITE: "healthz",
  MEMBER: "healthz",
  MARKET: PAIR_REGISTRY,
  OPERATORS: OPERATOR_REGISTRY,
} as const;

/** Each namespace's probe by its own type: every object class has `ping`. */
function ping(env: Env, name: keyof typeof PROBES): Promise<string> {
  switch (name) {
    case "SITE":
      return env.SITE.get(env.SITE.idFromName(PROBES.SITE)).ping();
    case "MEMBER":
      return env.MEMBER.get(env.MEMBER.idFromName(PROBES.MEMBER)).ping();
    case "MARKET":
      return env.MARKET.get(env.MARKET.idFromName(PROBES.MARKET)).ping();
    case "OPERATORS":
      return env.OPERATORS.get(env.OPERATORS.idFromName(PROBES.OPERATORS)).ping();
  }
}

/**
 * GET /healthz (docs/deploy.md, "Logs and metrics"): whether the configuration may serve
 * (env.ts's production checks, by count, never by content) and each Durable Object namespace
 * reaches an instance that answers, with the deployed version. 200 when all hold, else 503.
 * The SITE and MEMBER probes are objects named "healthz", empty, that no site or member uses.
 */
export async function health(env: Env, problems: string[]): Promise<Response> {
  const started = Date.now();
  const objects = Object.fromEntries(
    await Promise.all(
      (Object.keys(PROBES) as (keyof typeof PROBES)[]).map(async (name) => {
        try {
          const answer = await ping(env, name);
          return [name, answer === "ok"] as const;
        } catch {
          return [name, false] as const;
        }
      }),
    ),
  ) as Record<keyof typeof PROBES, boolean>;
  const ok = problems.length === 0 && Object.values(objects).every(Boolean);
  const version = env.CF_VERSION_METADATA;
  return Response.json(
    {
      status: ok ? "ok" : "unavailable",
      worker: "member-platform",
      version: version?.id ?? "local",
      ...(version?.tag ? { tag: version.tag } : {}),
      checks: { configuration: problems.length === 0, objects, ms: Math.max(0, Date.now() - started) },
    },
    { status: ok ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
