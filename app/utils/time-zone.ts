import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";
import { formatDateTime, UTC } from "./date-time";
import { useTranslation } from "./translator";

/**
 * The member's time zone (app/README.md, "Dates and times"): the browser's own, which a tiny inline
 * script in the document keeps in the `tz` cookie (`__Host-tz` on HTTPS), so the root loader can
 * hand it to every server render; UTC until the browser has said it (a first visit).
 */
export function useTimeZone(): string {
  return useRouteLoaderData<typeof loader>("root")?.timeZone ?? UTC;
}

/** A date and time in the member's language and zone (utils/date-time.ts, formatDateTime). */
export function useFormatDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const zone = useTimeZone();
  return (iso) => formatDateTime(iso, i18n.language, zone);
}
