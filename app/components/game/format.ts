import type { BetOption } from "#rules/bet-options";
import { dateTimeFormat } from "~/utils/intl";

/** Times on the game page are UTC, the clock periods are numbered by. */
export function formatTime(iso: string | null, locale: string): string {
  if (!iso) return "—";
  return dateTimeFormat(locale, {
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
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
