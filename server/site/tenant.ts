import type { SiteInfo } from "../contract";
import type { LocaleId } from "#rules/locales";
import { localizeSite } from "../contract/localize";
import type { Env } from "./env";
import type { PlatformClient, SiteMessageCode } from "./platform-client";

/** As long as KV itself may serve a cached entry (cacheTtl below). */
const TENANT_TTL_SECONDS = 60;
const resolved = new Map<string, { siteId: string; expires: number }>();

/**
 * hostname → siteId: the TENANTS namespace first (operators add a tenant with one entry), then the
 * configured fallback map. Unknown hostnames resolve to nothing: never to another tenant.
 * A resolved hostname is kept per isolate for as long as KV may cache it anyway, so a request
 * does not wait on KV for its own tenant; an unknown one is asked again every time, so a new
 * mapping answers on the next request.
 */
export async function resolveSiteId(env: Env, hostname: string, now = Date.now()): Promise<string | undefined> {
  const host = hostname.toLowerCase();
  const hit = resolved.get(host);
  if (hit && hit.expires > now) return hit.siteId;
  const mapped = await env.TENANTS.get(host, { cacheTtl: TENANT_TTL_SECONDS });
  const siteId = mapped ?? env.TENANT_HOSTS[host];
  if (siteId) resolved.set(host, { siteId, expires: now + TENANT_TTL_SECONDS * 1000 });
  else resolved.delete(host);
  return siteId;
}

type SiteInfoResult = { ok: true; site: SiteInfo } | { ok: false; code: SiteMessageCode };

const cache = new Map<string, { site: SiteInfo; expires: number }>();

/** Site info, cached per isolate for a short time (SITE_INFO_TTL_SECONDS). */
export async function loadSiteInfo(
  platform: PlatformClient,
  siteId: string,
  ttlSeconds: number,
  now: number,
): Promise<SiteInfoResult> {
  const hit = cache.get(siteId);
  if (hit && hit.expires > now) return { ok: true, site: hit.site };
  const result = await platform.call("siteInfo", { params: { siteId } });
  if (!result.ok) return { ok: false, code: result.code };
  cache.set(siteId, { site: result.data, expires: now + ttlSeconds * 1000 });
  return { ok: true, site: result.data };
}

/** Drops this isolate's copy of a site's info: the next page asks the platform (an operator changed it). */
export function forgetSiteInfo(siteId: string): void {
  cache.delete(siteId);
}

const localized = new WeakMap<SiteInfo, Map<LocaleId, SiteInfo>>();

/**
 * Site info as a member reading `lang` sees it (server/contract/localize.ts `localizeSite`), made
 * once per site info snapshot and language. The copies hang off the snapshot (a WeakMap), so they
 * go when the snapshot refreshes, and a language's copy keeps one identity for as long as its
 * snapshot lives: what the page cache (page-cache.ts) needs of an object it keys pages on.
 */
export function localSiteInfo(site: SiteInfo, lang: LocaleId): SiteInfo {
  let byLang = localized.get(site);
  if (!byLang) localized.set(site, (byLang = new Map()));
  let local = byLang.get(lang);
  if (!local) byLang.set(lang, (local = localizeSite(site, lang)));
  return local;
}
