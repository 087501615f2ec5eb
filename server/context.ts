import type { RemixI18Next } from "remix-i18next/server";
import type { Locale } from "../app/i18n";
import type { SiteInfo } from "./contract";
import type { Env } from "./env";
import type { resources } from "./i18n";
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
  i18n: RemixI18Next;
  /** every translation, for the server render */
  i18nResources: typeof resources;
  /** Set-Cookie values a route wants added to its response (plain cookies) */
  cookies: string[];
  secure: boolean;
  nonce: string;
  buildId: string;
  now: number;
};

declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends SiteContext {}
}
