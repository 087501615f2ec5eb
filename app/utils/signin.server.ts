import type { AppLoadContext } from "@remix-run/cloudflare";
import { deviceCookieHeader, readDeviceToken } from "../../server/site/device-cookie";

/**
 * The sign-in call of /login and of sign-up: with this browser's device token for the account, if
 * it has one, and the challenge's answer when the form carried one; a new device token the
 * platform hands out is kept in the device cookie (server/site/device-cookie.ts).
 */
export async function signInCall(
  request: Request,
  context: AppLoadContext,
  account: string,
  password: string,
  challenge?: string,
) {
  const { env, secure, platform, siteId } = context;
  const device = await readDeviceToken(request, env.SESSION_SECRETS, secure, account);
  const result = await platform.call("signin", {
    body: { siteId, account, password, ...(device ? { device } : {}), ...(challenge ? { challenge } : {}) },
  });
  if (result.ok && result.data.device && result.data.device !== device) {
    context.cookies.push(await deviceCookieHeader(request, env.SESSION_SECRETS, secure, account, result.data.device));
  }
  return result;
}
