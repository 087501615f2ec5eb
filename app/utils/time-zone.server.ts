import { LOCALE_COOKIE_MAX_AGE } from "~/i18n";
import { readPlainCookie } from "./cookies";
import { isKnownTimeZone } from "#rules/days";
import { UTC } from "./date-time";

/*
 * The server's half of the member's time zone (utils/time-zone.ts has the browser's): the cookie
 * read and the inline script that writes it. Apart from the hooks, so that the document's script
 * (in root.tsx, on every page) brings no time-zone or Intl code into any page's initial JS.
 */

/** The zone a request's page renders times in: the cookie's when it names a real zone, else UTC. */
export function requestTimeZone(request: Request): string {
  const zone = readPlainCookie(request, "timeZone");
  return zone !== undefined && isKnownTimeZone(zone) ? zone : UTC;
}

/**
 * Writes the browser's time zone into the cookie when it is missing or differs (a member who
 * travelled), before the page's scripts run; the next request renders in it. Plain ES5 in the
 * HTML, under the page's nonce: nothing to load, and no render waits for it.
 */
export const TIME_ZONE_SCRIPT = `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone,s=location.protocol=="https:",n=(s?"__Host-":"")+"tz",v=encodeURIComponent(z||"");if(v&&(";"+document.cookie.replace(/ /g,"")+";").indexOf(";"+n+"="+v+";")<0)document.cookie=n+"="+v+";Path=/;Max-Age=${LOCALE_COOKIE_MAX_AGE};SameSite=Lax"+(s?";Secure":"")}catch(e){}})()`;
