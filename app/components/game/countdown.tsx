import { useEffect, useState } from "react";
import { formatCountdown, secondsUntil } from "~/utils/game";
import type { ServerClock } from "./use-live-market";

/**
 * The platform's time, in ms: the server's render time to begin with (so the browser's first render
 * is the server's HTML), then the page's server clock four times a second.
 */
export function useServerNow(renderedAt: string, clock: ServerClock): number {
  const [now, setNow] = useState(() => Date.parse(renderedAt));
  useEffect(() => {
    setNow(clock.now());
    const timer = setInterval(() => setNow(clock.now()), 250);
    return () => clearInterval(timer);
  }, [clock]);
  return now;
}

/**
 * Seconds left until `to` on the platform's clock, as a time and a bar that empties from `from`
 * to `to`. The server renders both from its own time (`renderedAt`), so the page without
 * JavaScript still says how long was left when it was made. The bar is an SVG (its width an
 * attribute: the CSP allows no inline style) and hidden from assistive technology: the time says
 * the same. Neither is a live region (a ticking value would talk every second).
 */
export function CountdownBar({ from, to, now }: { from: string; to: string; now: number }) {
  const seconds = secondsUntil(to, now);
  const total = Math.max(1, (Date.parse(to) - Date.parse(from)) / 1000);
  const left = Math.min(100, Math.max(0, ((Date.parse(to) - now) / 1000 / total) * 100));
  return (
    <>
      <time dateTime={`PT${seconds}S`} className="countdown">
        {formatCountdown(seconds)}
      </time>
      <svg
        className={`countdown-bar${left < 25 ? " countdown-bar-low" : ""}`}
        viewBox="0 0 100 6"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <rect className="countdown-track" width="100" height="6" rx="3" />
        <rect className="countdown-fill" width={left.toFixed(2)} height="6" rx="3" />
      </svg>
    </>
  );
}
