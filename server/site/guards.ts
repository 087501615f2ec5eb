import { REFERRER_PATTERN, plainCookie } from "../../app/utils/cookies";
import { UPLOAD_LIMITS } from "../contract";
import { localRedirectTarget } from "../../app/utils/redirect-target";
import type { PlatformClient } from "./platform-client";
import type { AppSession } from "./session";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The largest body a form may post, known from Content-Length before a byte is read: a multipart
 * form carries at most three document images (/user/bank: ID front, back, passbook) of the
 * platform's size limit, plus its fields; any other form is a few fields.
 */
export const MAX_BODY_BYTES = { multipart: 3 * UPLOAD_LIMITS.maxBytes + 64 * 1024, form: 64 * 1024 } as const;

export type ForgeryCheck =
  | { refused: "origin" | "csrf" | "too_large" }
  /** the request to hand on: its body has been read once, here, and travels with it */
  | { refused?: undefined; request: Request };

/**
 * Forged posts (server/site/README.md, "Forged posts and body limit"): tenants may share a parent
 * domain, so SameSite alone does not separate them. A state-changing request needs an Origin (or
 * Referer) of this very host and the session's CSRF token in its form. Its size is refused from
 * Content-Length before it is read (and a body without one stops being read at the limit); the body
 * is then read once (not cloned), its form checked, and the same bytes handed to Remix.
 */
export async function forgeryCheck(request: Request, url: URL, session: { csrf: string }): Promise<ForgeryCheck> {
  if (!UNSAFE.has(request.method)) return { request };
  const origin = request.headers.get("origin") ?? originOf(request.headers.get("referer"));
  if (origin !== url.origin) return { refused: "origin" };
  const type = request.headers.get("content-type") ?? "";
  const multipart = type.startsWith("multipart/form-data");
  if (!multipart && !type.startsWith("application/x-www-form-urlencoded")) return { refused: "csrf" };
  const limit = multipart ? MAX_BODY_BYTES.multipart : MAX_BODY_BYTES.form;
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) return { refused: "too_large" };
  const body = await readAtMost(request, limit);
  if (!body) return { refused: "too_large" };
  let token: FormDataEntryValue | null = null;
  try {
    token = (await new Response(body, { headers: { "content-type": type } }).formData()).get("csrf");
  } catch {
    return { refused: "csrf" };
  }
  if (typeof token !== "string" || token.length === 0 || !timingSafeEqual(token, session.csrf))
    return { refused: "csrf" };
  return { request: new Request(request, { body }) };
}

/** The whole body, or null as soon as it passes `limit` bytes (a body may come without a length). */
async function readAtMost(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  // a request body's chunks are plain ArrayBuffer views
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value as Uint8Array<ArrayBuffer>);
  }
  if (chunks.length === 1) return chunks[0]!;
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function originOf(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The page that asks before a sign-in link signs anyone in (app/routes/confirm-sign-in.tsx). */
export const CONFIRM_SIGN_IN_PATH = "/confirm-sign-in";

/**
 * The ?accessToken= flow (server/site/README.md, "accessToken flow"). A link's token signs no one
 * in by itself: anyone can send a link, and a visitor signed into someone else's account uploads
 * their ID there (login CSRF). So a valid token is kept in the encrypted session with the account
 * it signs into, and the browser goes to the page that names that account and asks; only the
 * visitor's posted yes makes it the session (app/routes/confirm-sign-in.tsx). The parameter leaves
 * the address with that redirect, so the token never stays in the URL or the page.
 *
 * - Invalid (or its account unknown): a visitor's intended path is kept in the redirectUrl cookie
 *   and the page is served; a signed-in member goes to the path without it.
 * - A signed-in member's own account: nothing to ask, the parameter is dropped.
 * - Another account: the same question, naming both accounts.
 *
 * The path comes from the request, so it goes through the one redirect check
 * (`//evil.example/x?accessToken=…` must not leave the site); a path that fails it becomes "/".
 */
export async function accessTokenGuard(
  url: URL,
  opts: { platform: PlatformClient; session: AppSession; secure: boolean },
): Promise<Response | { redirectUrlCookie: string } | undefined> {
  const token = url.searchParams.get("accessToken");
  if (token === null) return undefined;
  const clean = new URL(url);
  clean.searchParams.delete("accessToken");
  const path = localRedirectTarget(clean.pathname + clean.search) ?? "/";
  const to = (location: string) => new Response(null, { status: 302, headers: { location } });
  const verified = token ? await opts.platform.call("accessTokenVerify", { token }) : undefined;
  // the question must name the account: a token whose account cannot be told is not offered
  const info = verified?.ok ? await opts.platform.call("playerInfo", { token }) : undefined;
  if (!info?.ok)
    return opts.session.signedIn ? to(path) : { redirectUrlCookie: plainCookie("redirectUrl", path, opts.secure) };
  if (opts.session.signedIn && info.data.account === opts.session.account) return to(path);
  opts.session.holdLink({ token, account: info.data.account, path });
  // the app's router asks for a page's data first (`?_data=`), a fetch that would follow a 302 and
  // read the question's HTML as data: it gets the answer Remix gives a loader's redirect instead
  if (url.searchParams.has("_data")) {
    return new Response(null, {
      status: 204,
      headers: { "X-Remix-Redirect": CONFIRM_SIGN_IN_PATH, "X-Remix-Status": "302", "cache-control": "no-store" },
    });
  }
  return to(CONFIRM_SIGN_IN_PATH);
}

/** `?ref=` or `?referrerCode=` on any page keeps the referral code for sign-up (7 days). */
export function referrerCookie(url: URL, secure: boolean): string | undefined {
  const code = url.searchParams.get("referrerCode") ?? url.searchParams.get("ref");
  return code && REFERRER_PATTERN.test(code) ? plainCookie("referrerCode", code, secure) : undefined;
}

/**
 * Site redirect rules (server/site/README.md, "Route-rule guard"), applied before Remix, to a full
 * page load and to the router's data request (`?_data=`) alike. A data request is a fetch, which
 * would follow a plain 302 and load the target's data for the wrong route; so it gets the answer
 * Remix gives its own loaders' redirects: 204 with `X-Remix-Redirect`, which the router follows
 * itself. An external target also gets `X-Remix-Reload-Document`: the router leaves the app for it
 * with a full page load.
 */
export function siteRedirect(
  url: URL,
  rules: { from: string; to: string; permanent: boolean }[],
): Response | undefined {
  const rule = rules.find((r) => r.from === url.pathname);
  if (!rule) return undefined;
  const status = rule.permanent ? 301 : 302;
  const query = new URL(url);
  const data = query.searchParams.has("_data");
  query.searchParams.delete("_data");
  const target = new URL(rule.to, url);
  const internal = target.origin === url.origin;
  if (internal) target.search = target.search || query.search;
  if (!data) return new Response(null, { status, headers: { location: target.toString() } });
  const headers = new Headers({ "X-Remix-Status": String(status), "cache-control": "no-store" });
  headers.set("X-Remix-Redirect", internal ? target.pathname + target.search + target.hash : target.toString());
  if (!internal) headers.set("X-Remix-Reload-Document", "true");
  return new Response(null, { status: 204, headers });
}
