import type { BackOfficeContext } from "../../server/site/context";
import type { SiteInfo } from "../../server/contract";
import { textLanguage } from "../../server/contract/localize";
import { toLocale, type Locale } from "../i18n";

/** What a back-office page needs to know of a site: its money and the language its members are written to in. */
export interface SiteFacts {
  currency: string;
  /** the site's text language (its default, else its first): reasons and replies are written in it */
  textLocale: Locale;
}

const asked = new WeakMap<BackOfficeContext, Map<string, Promise<SiteFacts | null>>>();

/** The site's facts, read once per request (null: the platform did not answer, or no such site). */
export function siteFacts(bo: BackOfficeContext, siteId: string): Promise<SiteFacts | null> {
  let bySite = asked.get(bo);
  if (!bySite) asked.set(bo, (bySite = new Map()));
  let facts = bySite.get(siteId);
  if (!facts) {
    facts = bo.operators
      .siteInfo(siteId)
      .then((info) =>
        info.ok ? { currency: info.data.currency, textLocale: toLocale(textLanguage(info.data)) ?? "en-US" } : null,
      );
    bySite.set(siteId, facts);
  }
  return facts;
}

/** The site's facts, or a 404 when there is no such site. */
export async function requireSiteFacts(bo: BackOfficeContext, siteId: string): Promise<SiteFacts> {
  const facts = await siteFacts(bo, siteId);
  if (!facts) throw new Response(null, { status: 404 });
  return facts;
}

/** The site's whole configuration as the brand pages edit it: a 404 when there is no such site, a 503 when the platform did not answer. */
export async function requireSiteInfo(bo: BackOfficeContext, siteId: string): Promise<SiteInfo> {
  const info = await bo.operators.siteInfo(siteId);
  if (!info.ok) throw new Response(null, { status: info.status === 404 ? 404 : 503 });
  return info.data;
}
