/**
 * The deployments `npm run deploy` knows, and what each one's configuration must say before it
 * ships: every route and custom domain filled in (the wrangler.toml files come with example.com
 * placeholders, which would claim a domain nobody here owns).
 */
import { unstable_readConfig } from "wrangler";

/** production: the top level of each wrangler.toml; staging: its `[env.staging]`. */
export const ENVIRONMENTS = ["production", "staging"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** wrangler's `--env` value: production is the top level (`--env=`), never `[env.dev]`. */
export const wranglerEnv = (environment: Environment): string => (environment === "production" ? "" : environment);

/** The reserved domain the committed configuration uses until an operator puts theirs (RFC 2606). */
const PLACEHOLDER = /(^|[.*/-])example\.(com|net|org)(\/|$)/i;

type Route = string | { pattern: string; zone_name?: string; zone_id?: string; custom_domain?: boolean };

/** A route as one line: its pattern, and its zone when it names one. */
export function describeRoute(route: Route): string {
  if (typeof route === "string") return route;
  const zone = route.zone_name ?? route.zone_id;
  return `${route.pattern}${route.custom_domain ? " (custom domain)" : ""}${zone ? ` on zone ${zone}` : ""}`;
}

/** The routes of one worker in one environment, as wrangler reads them. */
export function routesOf(configPath: string, environment: Environment): Route[] {
  const config = unstable_readConfig({ config: configPath, env: wranglerEnv(environment) || undefined });
  return [...(config.routes ?? []), ...(config.route ? [config.route] : [])] as Route[];
}

/** What still has to be filled in: each route whose pattern or zone is a placeholder. */
export function placeholderRoutes(configPath: string, environment: Environment): string[] {
  return routesOf(configPath, environment)
    .filter((route) =>
      typeof route === "string"
        ? PLACEHOLDER.test(route)
        : PLACEHOLDER.test(route.pattern) || PLACEHOLDER.test(route.zone_name ?? ""),
    )
    .map(describeRoute);
}
