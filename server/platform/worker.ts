import { productionProblems, type Env } from "./env";
import { stream } from "./handlers/game";
import { respond } from "./http";
import { fail } from "./result";
import { route } from "./router";

export { MarketObject } from "./market/market-object";
export { MemberObject } from "./member/member-object";
export { OperatorObject } from "./operators/registry";
export { SiteObject } from "./site/site-object";

let problemsLogged = false;

export default {
  async fetch(request, env, ctx) {
    // a production deployment with a missing or public secret serves nothing (server/platform/env.ts)
    const problems = productionProblems(env);
    if (problems.length > 0) {
      if (!problemsLogged) for (const problem of problems) console.error(`platform refuses to serve: ${problem}`);
      problemsLogged = true;
      return respond(fail(503, "internal_error"));
    }
    // The WebSocket streams are not calls of the envelope contract; everything else is.
    if (request.method === "GET" && request.headers.get("Upgrade")?.toLowerCase() === "websocket") {
      const response = await stream(request, env);
      if (response) return response;
    }
    return route(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
