/**
 * The one check every redirect target from a request, a cookie or the platform goes through:
 * the target must resolve to a path on this site. Anything that could send a browser elsewhere is
 * refused: a scheme (`javascript:`, `https:`), a network path (`//host`, `/\host`, `\\host`, in any
 * mix and count), a slash or backslash hidden by percent-encoding at any depth, and any control
 * character or whitespace (browsers strip tabs and newlines from a Location, turning `/\t/host`
 * into `//host`; CR/LF would split the header). Only an operator's redirect rule may name
 * another origin (server/site/guards.ts, siteRedirect).
 */

/** Any control character, whitespace or backslash: none belongs in a path we send a browser to. */
const FORBIDDEN = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;
const ORIGIN = "http://site.invalid";

/** The value and what it decodes to, one percent-decoding at a time (a few levels are plenty). */
function decodings(value: string): string[] {
  const seen = [value];
  let current = value;
  for (let depth = 0; depth < 4; depth++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    seen.push(next);
    current = next;
  }
  return seen;
}

/**
 * `value` as a path on this site (path, query and fragment, normalised by the URL parser), or
 * undefined when it is not one.
 */
export function localRedirectTarget(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return undefined;
  for (const form of decodings(value)) {
    if (FORBIDDEN.test(form) || !form.startsWith("/") || form.startsWith("//")) return undefined;
  }
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== ORIGIN) return undefined;
  const target = url.pathname + url.search + url.hash;
  return target.startsWith("//") ? undefined : target;
}
