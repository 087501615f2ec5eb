import type { Locale } from "../../app/i18n";
import type { Catalog } from "../../app/utils/translator";
import type { SiteInfo } from "../contract";
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

declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends SiteContext {}
}
