import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "../i18n";

const SEVEN_DAYS = 7 * 24 * 60 * 60;

/**
 * The plain cookies (server/site/README.md, "Plain cookies"), stored as plain values (the `locale`
 * cookie holds a locale id, e.g. `en_US`). The site reads them on the server only, so they are
 * httpOnly too; none holds a secret.
 */
export const PLAIN_COOKIES = {
  /** where a visitor was going when sent to /login */
  redirectUrl: { name: "redirectUrl", maxAge: SEVEN_DAYS },
  /** the referral code from ?ref= / ?referrerCode=, prefilled at sign-up, cleared at sign-in */
  referrerCode: { name: "referrerCode", maxAge: SEVEN_DAYS },
  /**
   * what a money form just did ("deposit:<id>"), for the page the success redirects to: read and
   * cleared there, so its receipt shows once (utils/money.server.ts, moneySuccess)
   */
  receipt: { name: "receipt", maxAge: 120 },
  /** the member's language as a locale id (en_US, zh_TW, …) */
  locale: { name: LOCALE_COOKIE, maxAge: LOCALE_COOKIE_MAX_AGE },
  /** light, dark or the device's setting (system); kept like the language, and across sign-out */
  scheme: { name: "scheme", maxAge: LOCALE_COOKIE_MAX_AGE },
  /** which of rising and falling is green: green-up or red-up */
  updown: { name: "updown", maxAge: LOCALE_COOKIE_MAX_AGE },
  /**
   * the browser's time zone (an IANA name), written by the page's inline script
   * (utils/time-zone.server.ts) so the server renders times in it; not httpOnly, as the browser writes it
   */
  timeZone: { name: "tz", maxAge: LOCALE_COOKIE_MAX_AGE },
} as const;

export type PlainCookie = keyof typeof PLAIN_COOKIES;

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * On HTTPS a plain cookie is named `__Host-…`, as the session is: the browser then accepts it only
 * from this very host (Secure, Path=/, no Domain), so a sibling subdomain cannot plant a
 * redirectUrl, a referral code or a language. Plain HTTP (development) keeps the bare name.
 */
export function plainCookieName(which: PlainCookie, secure: boolean): string {
  const { name } = PLAIN_COOKIES[which];
  return secure ? `__Host-${name}` : name;
}

/** A plain cookie's value as this request carries it (under the name its scheme gives it). */
export function readPlainCookie(request: Request, which: PlainCookie): string | undefined {
  return readCookie(request, plainCookieName(which, new URL(request.url).protocol === "https:"));
}

/** A Set-Cookie value; `null` clears the cookie. */
export function plainCookie(which: PlainCookie, value: string | null, secure: boolean): string {
  const { maxAge } = PLAIN_COOKIES[which];
  const name = plainCookieName(which, secure);
  const parts = [`${name}=${value === null ? "" : encodeURIComponent(value)}`, "Path=/", "SameSite=Lax", "HttpOnly"];
  parts.push(value === null ? "Max-Age=0" : `Max-Age=${maxAge}`);
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export const REFERRER_PATTERN = /^[A-Za-z0-9]{1,32}$/;
