import type { Env } from "./env";
import { stream } from "./handlers/game";
import { route } from "./router";

export { MarketObject } from "./market/market-object";
export { MemberObject } from "./member/member-object";
export { SiteObject } from "./site/site-object";

export default {
  async fetch(request, env) {
    // The WebSocket streams are not calls of the envelope contract; everything else is.
    if (request.method === "GET" && request.headers.get("Upgrade")?.toLowerCase() === "websocket") {
      const response = await stream(request, env);
      if (response) return response;
    }
    return route(request, env);
  },
} satisfies ExportedHandler<Env>;
