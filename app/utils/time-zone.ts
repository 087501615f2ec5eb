import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";
import { LOCALE_COOKIE_MAX_AGE } from "~/i18n";
import { readPlainCookie } from "./cookies";
import { formatDateTime, isTimeZone, UTC } from "./intl";
import { useTranslation } from "./translator";

/**
 * The member's time zone (app/README.md, "Dates and times"): the browser's own, which a tiny inline
 * script in the document keeps in the `tz` cookie (`__Host-tz` on HTTPS), so the root loader can
 * hand it to every server render; UTC until the browser has said it (a first visit).
 */
export function useTimeZone(): string {
  return useRouteLoaderData<typeof loader>("root")?.timeZone ?? UTC;
}

/** The zone a request's page renders times in: the cookie's when it names a real zone, else UTC. */
export function requestTimeZone(request: Request): string {
  const zone = readPlainCookie(request, "timeZone");
  return isTimeZone(zone) ? zone : UTC;
}

/** A date and time in the member's language and zone (utils/intl.ts, formatDateTime). */
export function useFormatDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const zone = useTimeZone();
  return (iso) => formatDateTime(iso, i18n.language, zone);
}

/**
 * Writes the browser's time zone into the cookie when it is missing or differs (a member who
 * travelled), before the page's scripts run; the next request renders in it. Plain ES5 in the
 * HTML, under the page's nonce: nothing to load, and no render waits for it.
 */
export const TIME_ZONE_SCRIPT = `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone,s=location.protocol=="https:",n=(s?"__Host-":"")+"tz",v=encodeURIComponent(z||"");if(v&&(";"+document.cookie.replace(/ /g,"")+";").indexOf(";"+n+"="+v+";")<0)document.cookie=n+"="+v+";Path=/;Max-Age=${LOCALE_COOKIE_MAX_AGE};SameSite=Lax"+(s?";Secure":"")}catch(e){}})()`;
