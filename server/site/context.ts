import type { Locale } from "../../app/i18n";
import type { Catalog } from "../../app/utils/translator";
import type { OperatorSelf, SiteInfo } from "../contract";
import type { BackOfficeSession } from "./backoffice-session";
import type { OperatorClient } from "./operator-client";
import type { CallResult } from "./platform-client";
import type { Env } from "./env";
import type { PlatformClient } from "./platform-client";
import type { AppSession } from "./session";

/** What every loader and action is handed (the Hydrogen pattern: built once per request in the entry). */
export type SiteContext = {
  env: Env;
  siteId: string;
  site: SiteInfo;
  session: AppSession;
  platform: PlatformClient;
  locale: Locale;
  /** the texts of `locale`, for the server render and for loaders (server/site/i18n.ts `catalogs`) */
  translations: Catalog;
  /** Set-Cookie values a route wants added to its response (plain cookies) */
  cookies: string[];
  secure: boolean;
  nonce: string;
  buildId: string;
  now: number;
  /** this request's id, in its log lines and on the error page ("Reference: …"; server/log/README.md) */
  requestId: string;
};

/**
 * What the back office's loaders and actions are handed on the operator hostname (decision 034,
 * app/backoffice/README.md), under `context.backoffice`. There, the member site's fields
 * (site, siteId, session, platform) are absent: the worker serves only /bo/… on an operator host
 * and never /bo/… on a brand's (server/site/backoffice.ts), so no member route runs without them,
 * and the root loader, the one route both share, looks at `backoffice` first.
 */
export type BackOfficeContext = {
  session: BackOfficeSession;
  /** the operator API, as the signed-in operator (their key and Access assertion) */
  operators: OperatorClient;
  /** the verified Access identity (production); null in development */
  accessEmail: string | null;
  /** whom the session's key names, asked of the platform once per request (operatorSelf) */
  self: () => Promise<CallResult<OperatorSelf>>;
};

/** What the back office's pages share with the member site's: no site, no member. */
export type SharedContext = Pick<
  SiteContext,
  "env" | "locale" | "translations" | "cookies" | "secure" | "nonce" | "buildId" | "now" | "requestId"
>;

declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends SiteContext {
    backoffice?: BackOfficeContext;
  }
}
