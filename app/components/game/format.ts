import type { BetOption } from "#rules/bet-options";
import { CLOCK, dateTimeFormat, UTC } from "~/utils/date-time";

/**
 * A bet's or a round's time on the game page, in the member's time zone (utils/time-zone.ts), on
 * a 24-hour clock (utils/date-time.ts, CLOCK). Round numbers stay UTC's: they are the platform's
 * names for the rounds.
 */
export function formatTime(iso: string | null, locale: string, timeZone: string = UTC): string {
  if (!iso) return "—";
  return dateTimeFormat(locale, {
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    ...CLOCK,
    timeZone,
  }).format(new Date(iso));
}

/** The kind of bet an option belongs to ("category" in the order history). */
export function categoryOf(option: BetOption): "size" | "parity" | "trend" | "counter" | "draw" {
  switch (option) {
    case "high":
    case "low":
      return "size";
    case "odd":
    case "even":
      return "parity";
    case "rise":
    case "fall":
      return "trend";
    default:
      return option;
  }
}
