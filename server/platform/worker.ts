import { productionProblems, type Env } from "./env";
import { stream } from "./handlers/game";
import { respond } from "./http";
import { fail } from "./result";
import { route, type PlatformTrace } from "./router";
import { REQUEST_ID_HEADER } from "../contract";
import { health } from "./health";
import { log, requestIdOf, since } from "../log/log";

export { MarketObject } from "./market/market-object";
export { MemberObject } from "./member/member-object";
export { OperatorObject } from "./operators/registry";
export { SiteObject } from "./site/site-object";

let problemsLogged = false;

export default {
  async fetch(request, env, ctx) {
    const started = Date.now();
    // the site's id for the request this call serves, so both workers' lines share it (server/log)
    const trace: PlatformTrace = { requestId: requestIdOf(request, REQUEST_ID_HEADER) };
    let status = 500;
    try {
      const response = await serve(request, env, ctx, trace);
      status = response.status;
      return response;
    } finally {
      log("info", "request", {
        worker: "platform",
        requestId: trace.requestId,
        siteId: trace.siteId,
        method: request.method,
        call: trace.call,
        route: trace.route,
        status,
        message: trace.message,
        durationMs: since(started),
      });
    }
  },
} satisfies ExportedHandler<Env>;

async function serve(request: Request, env: Env, ctx: ExecutionContext, trace: PlatformTrace): Promise<Response> {
  // a production deployment with a missing or public secret serves nothing (server/platform/env.ts)
  const problems = productionProblems(env);
  if (request.method === "GET" && new URL(request.url).pathname === "/healthz") {
    trace.route = "/healthz";
    return health(env, problems);
  }
  if (problems.length > 0) {
    if (!problemsLogged) for (const problem of problems) log("error", "platform refuses to serve", { problem });
    problemsLogged = true;
    return respond(fail(503, "internal_error"));
  }
  // The WebSocket streams are not calls of the envelope contract; everything else is.
  if (request.method === "GET" && request.headers.get("Upgrade")?.toLowerCase() === "websocket") {
    trace.route = "(stream)";
    const response = await stream(request, env);
    if (response) return response;
  }
  return route(request, env, ctx, trace);
}
