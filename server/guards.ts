import { REFERRER_PATTERN, plainCookie } from "../app/utils/cookies";
import { localRedirectTarget } from "../app/utils/redirect-target";
import type { PlatformClient } from "./platform-client";
import type { AppSession } from "./session";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Forged posts (DESIGN.md §3): tenants may share a parent domain, so SameSite alone does not
 * separate them. A state-changing request needs an Origin (or Referer) of this very host and the
 * session's CSRF token in its form. Returns why it is refused, or nothing.
 */
export async function forgeryCheck(request: Request, url: URL, session: AppSession): Promise<"origin" | "csrf" | undefined> {
  if (!UNSAFE.has(request.method)) return undefined;
  const origin = request.headers.get("origin") ?? originOf(request.headers.get("referer"));
  if (origin !== url.origin) return "origin";
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return "csrf";
  let token: FormDataEntryValue | null = null;
  try {
    token = (await request.clone().formData()).get("csrf");
  } catch {
    return "csrf";
  }
  return typeof token === "string" && token.length > 0 && timingSafeEqual(token, session.csrf) ? undefined : "csrf";
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

/**
 * The ?accessToken= flow (README, "Security"): a valid token becomes the session and the parameter
 * is removed by redirecting to the same path; an invalid one leaves the intended path in the
 * redirectUrl cookie. The path comes from the request, so it goes through the one redirect check
 * (`//evil.example/x?accessToken=…` must not leave the site); a path that fails it becomes "/".
 *
 * A member who is already signed in keeps their session: the parameter is dropped unread. A link
 * or an image carrying someone else's token could otherwise switch the member to another account
 * without a word, and what they submit next (documents, a bank account) would land there.
 */
export async function accessTokenGuard(
  url: URL,
  opts: { platform: PlatformClient; session: AppSession; siteId: string; secure: boolean; now: number },
): Promise<Response | { redirectUrlCookie: string } | undefined> {
  const token = url.searchParams.get("accessToken");
  if (token === null) return undefined;
  const clean = new URL(url);
  clean.searchParams.delete("accessToken");
  const path = localRedirectTarget(clean.pathname + clean.search) ?? "/";
  if (opts.session.signedIn) return new Response(null, { status: 302, headers: { location: path } });
  const verified = token ? await opts.platform.call("accessTokenVerify", { token }) : undefined;
  if (!verified?.ok) return { redirectUrlCookie: plainCookie("redirectUrl", path, opts.secure) };
  const info = await opts.platform.call("playerInfo", { token });
  opts.session.signIn(opts.siteId, token, info.ok ? info.data.account : "", opts.now);
  return new Response(null, { status: 302, headers: { location: path } });
}

/** `?ref=` or `?referrerCode=` on any page keeps the referral code for sign-up (7 days). */
export function referrerCookie(url: URL, secure: boolean): string | undefined {
  const code = url.searchParams.get("referrerCode") ?? url.searchParams.get("ref");
  return code && REFERRER_PATTERN.test(code) ? plainCookie("referrerCode", code, secure) : undefined;
}

/** Site redirect rules (spec §2, the route-rule guard), applied before Remix. */
export function siteRedirect(url: URL, rules: { from: string; to: string; permanent: boolean }[]): Response | undefined {
  const rule = rules.find((r) => r.from === url.pathname);
  if (!rule) return undefined;
  const target = new URL(rule.to, url);
  if (target.origin === url.origin) target.search = target.search || url.search;
  return new Response(null, { status: rule.permanent ? 301 : 302, headers: { location: target.toString() } });
}
