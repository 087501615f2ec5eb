/**
 * Calendar days in a member's time zone: what the records' date filter means. A member who asks
 * for "27 Nov" in Taipei means 27 Nov 00:00 to 28 Nov 00:00 in Taipei (16:00 UTC the day before
 * to 16:00 UTC), not the UTC day, or a bet placed at 07:30 in Taipei would appear under the day
 * before. The site sends the zone the browser told it (an IANA name) with the days; the platform
 * turns each day into the instants that bound it, here, so both sides read a day the same way.
 */

/** A calendar day: YYYY-MM-DD that names a real date ("2025-02-30" is not one). */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** An IANA zone name as it may be written (Asia/Taipei, America/Argentina/Buenos_Aires, UTC, Etc/GMT+8). */
export const TIME_ZONE_NAME = /^[A-Za-z0-9_+\-/]{1,64}$/;

/** Whether this runtime knows the zone: a zone from a cookie or a query is checked, never trusted. */
export function isKnownTimeZone(zone: string): boolean {
  if (!TIME_ZONE_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in ms (Taipei: +8 h). */
function offsetAt(instant: number, zone: string): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormats.set(zone, format);
  }
  const part = (parts: Intl.DateTimeFormatPart[], type: string) => Number(parts.find((p) => p.type === type)?.value);
  const parts = format.formatToParts(new Date(instant));
  const wall = Date.UTC(
    part(parts, "year"),
    part(parts, "month") - 1,
    part(parts, "day"),
    part(parts, "hour"),
    part(parts, "minute"),
    part(parts, "second"),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a day starts in a zone (ms since the epoch). Where a zone skips midnight (a
 * daylight-saving change at 00:00, as in some years in Brazil or Lebanon) the day starts at the
 * first instant that exists, which is what the search below lands on: the offset is read at the
 * UTC guess, then again at the instant it gives, and the later of the two candidates that fall on
 * the day is kept.
 */
export function startOfDay(day: string, zone: string): number {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const first = midnight - offsetAt(midnight, zone);
  const second = midnight - offsetAt(first, zone);
  return first === second ? first : Math.max(first, second);
}

/** The day after (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The instants a filter of whole days covers, `from` inclusive and `to`'s whole day included:
 * [start of `from`, start of the day after `to`), as ISO times. Either end may be open.
 */
export function dayBounds(
  from: string | undefined,
  to: string | undefined,
  zone = "UTC",
): { from?: string; until?: string } {
  return {
    ...(from ? { from: new Date(startOfDay(from, zone)).toISOString() } : {}),
    ...(to ? { until: new Date(startOfDay(nextDay(to), zone)).toISOString() } : {}),
  };
}
