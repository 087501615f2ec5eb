import { PAGE_CACHE_ANONYMOUS, PAGE_CACHE_HEADER } from "../../app/utils/shared-page";
import type { SiteInfo } from "../contract";
import type { Appearance } from "../../app/utils/appearance";

/**
 * Rendered HTML of the pages a signed-out visitor sees the same as every other signed-out visitor
 * (e.g. /login), kept per isolate so React renders them once per site snapshot instead of on
 * every request (server/site/README.md, "Page cache").
 *
 * A route opts in with `export const headers = sharedPageHeaders` (app/utils/shared-page.ts): a
 * response header the worker strips. What may differ between two visitors of such a page is exactly two values, and both
 * are cut out of the stored copy and filled in again for each answer:
 * - the session's CSRF token (hidden inputs and the root loader data);
 * - the response's CSP nonce (script tags).
 * Both are random, so a literal match in the HTML can only be the value itself.
 *
 * Entries hang off the site info object they were rendered with (a WeakMap): when the site info
 * cache refreshes (SITE_INFO_TTL_SECONDS), the pages of the old snapshot go with it, so a cached
 * page is never older than the site info behind it. With a TTL of 0 nothing is ever served from
 * here. Within a snapshot the key is host, language, appearance and URL (path and query); the build is fixed
 * per isolate.
 *
 * The worker uses the cache only for a GET by a signed-out visitor whose session has no toast
 * waiting and who sets no other cookie on this request; it stores only a 200 HTML document.
 */
/** At most this many pages per site snapshot; a site has few public pages, a query string makes more. */
const MAX_PAGES = 64;

type Slot = "csrf" | "nonce";

interface CachedPage {
  /** the HTML cut at every CSRF token and nonce: text, slot, text, slot, …, text */
  parts: string[];
  slots: Slot[];
  status: number;
  headers: [string, string][];
}

const snapshots = new WeakMap<SiteInfo, Map<string, CachedPage>>();

/**
 * A page differs by host, language, URL and the visitor's appearance (light/dark and up/down are
 * attributes of its `<html>`, app/README.md, "Themes"): a page rendered for a dark visitor must
 * never reach a light one.
 */
export function pageKey(url: URL, locale: string, appearance: Appearance): string {
  return `${url.host} ${locale} ${appearance.scheme} ${appearance.updown} ${url.pathname}${url.search}`;
}

/** The cached page for this visitor, with their CSRF token and this response's nonce, or undefined. */
export function cachedPage(site: SiteInfo, key: string, fill: Record<Slot, string>): Response | undefined {
  const page = snapshots.get(site)?.get(key);
  if (!page) return undefined;
  let html = page.parts[0]!;
  for (let i = 0; i < page.slots.length; i++) html += fill[page.slots[i]!] + page.parts[i + 1]!;
  const response = new Response(html, { status: page.status, headers: page.headers });
  response.headers.append("server-timing", "page-cache;desc=hit");
  return response;
}

/**
 * Keeps the page when its route opted in and it is a whole 200 HTML document; always returns an
 * answer to send (the original, or a copy when its body had to be read) without the opt-in header.
 */
export async function keepPage(
  site: SiteInfo,
  key: string,
  response: Response,
  cut: Record<Slot, string>,
): Promise<Response> {
  const optIn = response.headers.get(PAGE_CACHE_HEADER);
  if (optIn === null) return response;
  const headers = new Headers(response.headers);
  headers.delete(PAGE_CACHE_HEADER);
  const html =
    optIn === PAGE_CACHE_ANONYMOUS && response.status === 200 && isHtml(headers) && cut.csrf && cut.nonce
      ? await response.text()
      : undefined;
  if (html === undefined)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });

  let pages = snapshots.get(site);
  if (!pages) snapshots.set(site, (pages = new Map()));
  if (pages.size < MAX_PAGES || pages.has(key))
    pages.set(key, { ...cutOut(html, cut), status: 200, headers: [...headers] });
  return new Response(html, { status: 200, headers });
}

function isHtml(headers: Headers): boolean {
  return (headers.get("content-type") ?? "").startsWith("text/html");
}

/** Splits the HTML at every occurrence of the given values; exported for its unit test. */
export function cutOut(html: string, values: Record<Slot, string>): { parts: string[]; slots: Slot[] } {
  const bySlot = new Map<string, Slot>(Object.entries(values).map(([slot, value]) => [value, slot as Slot]));
  const pattern = new RegExp([...bySlot.keys()].map(escapeRegExp).join("|"), "g");
  const parts: string[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (const match of html.matchAll(pattern)) {
    parts.push(html.slice(last, match.index));
    slots.push(bySlot.get(match[0])!);
    last = match.index! + match[0].length;
  }
  parts.push(html.slice(last));
  return { parts, slots };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
