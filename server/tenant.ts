import type { SiteInfo } from "./contract";
import type { Env } from "./env";
import type { PlatformClient, SiteMessageCode } from "./platform-client";

/**
 * hostname → siteId: the TENANTS namespace first (operators add a tenant with one entry), then the
 * configured fallback map. Unknown hostnames resolve to nothing: never to another tenant.
 */
export async function resolveSiteId(env: Env, hostname: string): Promise<string | undefined> {
  const host = hostname.toLowerCase();
  const mapped = await env.TENANTS.get(host, { cacheTtl: 60 });
  return mapped ?? env.TENANT_HOSTS[host];
}

type SiteInfoResult = { ok: true; site: SiteInfo } | { ok: false; code: SiteMessageCode };

const cache = new Map<string, { site: SiteInfo; expires: number }>();

/** Site info, cached per isolate for a short time (SITE_INFO_TTL_SECONDS). */
export async function loadSiteInfo(platform: PlatformClient, siteId: string, ttlSeconds: number, now: number): Promise<SiteInfoResult> {
  const hit = cache.get(siteId);
  if (hit && hit.expires > now) return { ok: true, site: hit.site };
  const result = await platform.call("siteInfo", { params: { siteId } });
  if (!result.ok) return { ok: false, code: result.code };
  cache.set(siteId, { site: result.data, expires: now + ttlSeconds * 1000 });
  return { ok: true, site: result.data };
}
