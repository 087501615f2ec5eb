import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/cloudflare";

/**
 * The route a path matches, as its pattern (`/user/records/:kind`), for the log line: a raw URL
 * would carry ids, tokens (`?accessToken=`) and whatever a visitor typed. Remix's own matching
 * (react-router's matchRoutes over the build's route tree), so the pattern is the route that ran.
 */
export function routePatternMatcher(build: ServerBuild): (pathname: string) => string {
  const manifest = Object.values(build.routes);
  const tree = (parentId: string | undefined): AgnosticRouteObject[] =>
    manifest
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
      );
  const routes = tree(undefined);
  return (pathname) => {
    const matches = matchRoutes(routes, pathname);
    if (!matches) return "(no route)";
    const pattern = matches
      .map((match) => match.route.path ?? "")
      .filter(Boolean)
      .join("/")
      .replace(/\/+/g, "/");
    return `/${pattern.replace(/^\//, "")}`;
  };
}
