import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { plainCookie, readPlainCookie } from "./cookies";
import { localRedirectTarget } from "./redirect-target";
import type { KeyOf } from "./translation-keys";

/**
 * The auth guard for /user and /game (server/site/README.md, "Auth guard"): a visitor is sent to
 * /login, and the path they wanted is remembered in the redirectUrl cookie so sign-in can send them
 * back. The product's third rule ("leaving a path containing model keeps a sub-page segment") has
 * no route to act on here: no path contains "model", and every sub-page is in the URL already
 * (app/README.md, "The model sub-page rule"; tests/unit/route-paths.test.ts pins it).
 */
export function requireMember(request: Request, context: AppLoadContext): void {
  if (context.session.signedIn) return;
  const url = new URL(request.url);
  const back = localRedirectTarget(url.pathname + url.search);
  throw redirect("/login", back ? { headers: { "set-cookie": plainCookie("redirectUrl", back, context.secure) } } : {});
}

/**
 * After a successful sign-in (or sign-up, which signs in at once): a new session, the referral
 * code cleared, then the platform's redirectUrl, the remembered path, or /user (app/README.md,
 * "Sign-in and sign-up"). A confirmed sign-in link goes where the link pointed (`target`).
 */
export function completeSignIn(
  request: Request,
  context: AppLoadContext,
  opts: { token: string; account: string; platformRedirect?: string; target?: string; toastKey: KeyOf<"messages"> },
) {
  const { session, siteId, now, secure } = context;
  session.signIn(siteId, opts.token, opts.account, now);
  session.flashToast({ kind: "success", key: opts.toastKey });
  const target =
    localRedirectTarget(opts.target) ??
    localRedirectTarget(opts.platformRedirect) ??
    localRedirectTarget(readPlainCookie(request, "redirectUrl")) ??
    "/user";
  const headers = new Headers();
  headers.append("set-cookie", plainCookie("referrerCode", null, secure));
  headers.append("set-cookie", plainCookie("redirectUrl", null, secure));
  return redirect(target, { headers });
}
