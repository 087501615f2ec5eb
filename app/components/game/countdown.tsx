import { useEffect, useState } from "react";
import { formatCountdown, secondsUntil } from "~/utils/game";
import type { ServerClock } from "./use-live-market";

/**
 * Seconds left until `to` on the platform's clock. The server renders it from its own time
 * (`renderedAt`), so the page without JavaScript still says how long was left when it was made.
 */
export function Countdown({ to, renderedAt, clock, doneText }: { to: string; renderedAt: string; clock: ServerClock; doneText?: string }) {
  const [now, setNow] = useState(() => Date.parse(renderedAt));
  useEffect(() => {
    setNow(clock.now());
    const timer = setInterval(() => setNow(clock.now()), 250);
    return () => clearInterval(timer);
  }, [clock]);
  const seconds = secondsUntil(to, now);
  return (
    <time dateTime={`PT${seconds}S`} className="countdown">
      {seconds === 0 && doneText ? doneText : formatCountdown(seconds)}
    </time>
  );
}
