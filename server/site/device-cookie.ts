import { createCookie } from "@remix-run/cloudflare";
import { DEVICE_TOKEN_PATTERN } from "../contract";

/**
 * The device cookie (server/site/README.md, "Device cookie"): the device tokens the platform handed
 * this browser at its successful sign-ins, each beside the account it names. Signed (HMAC) with
 * the session secrets, so a browser can neither forge one nor move a token to another account; the
 * platform keeps only a hash of each token, and the cookie alone proves nothing without it. Sent
 * back with a sign-in of the same account, it exempts this device from the strangers' lock, waits
 * and challenge (server/contract/security.ts SIGNIN_LIMITS); it outlives the session and sign-out,
 * as a device the member used stays one they used.
 */

/** Accounts remembered per browser: a shared family tablet, not a list of every guess. */
const MAX_ACCOUNTS = 5;
/** Browsers keep no cookie longer than 400 days. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

type Devices = Record<string, string>;

export function deviceCookieName(secure: boolean): string {
  return secure ? "__Host-device" : "device";
}

function cookieFor(secrets: string[], secure: boolean) {
  return createCookie(deviceCookieName(secure), {
    secrets,
    httpOnly: true,
    secure,
    sameSite: "lax",
    path: "/",
    maxAge: MAX_AGE_SECONDS,
  });
}

async function readAll(request: Request, secrets: string[], secure: boolean): Promise<Devices> {
  const value: unknown = await cookieFor(secrets, secure).parse(request.headers.get("cookie"));
  if (!value || typeof value !== "object") return {};
  const devices: Devices = {};
  for (const [account, token] of Object.entries(value as Record<string, unknown>)) {
    if (typeof token === "string" && DEVICE_TOKEN_PATTERN.test(token)) devices[account] = token;
  }
  return devices;
}

/** This browser's device token for `account` (letter case aside), if it has a valid one. */
export async function readDeviceToken(
  request: Request,
  secrets: string[],
  secure: boolean,
  account: string,
): Promise<string | undefined> {
  return (await readAll(request, secrets, secure))[account.toLowerCase()];
}

/** The Set-Cookie value that remembers `token` for `account`, most recent first, dropping the oldest past MAX_ACCOUNTS. */
export async function deviceCookieHeader(
  request: Request,
  secrets: string[],
  secure: boolean,
  account: string,
  token: string,
): Promise<string> {
  const key = account.toLowerCase();
  const { [key]: _previous, ...others } = await readAll(request, secrets, secure);
  const kept = Object.entries(others).slice(0, MAX_ACCOUNTS - 1);
  return cookieFor(secrets, secure).serialize(Object.fromEntries([[key, token], ...kept]));
}
