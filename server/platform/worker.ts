import type { Env } from "./env";
import { route } from "./router";

export { MemberObject } from "./member/member-object";
export { SiteObject } from "./site/site-object";

export default {
  fetch: (request, env) => route(request, env),
} satisfies ExportedHandler<Env>;
