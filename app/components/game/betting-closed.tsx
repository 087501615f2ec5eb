import { useEffect, useState } from "react";
import { useTranslation } from "~/utils/translator";
import { formatCountdown, secondsUntil } from "~/utils/game";
import { useServerNow } from "./countdown";
import type { ServerClock } from "./use-live-market";

/** The Next round as the bet form needs it to close at its cut-off, on the platform's clock. */
export interface BettingRound {
  periodNo: string;
  cutoffAt: string;
  startsAt: string;
  /** the market's time when the page's data was read: the countdown's first value */
  serverTime: string;
  clock: ServerClock;
}

/**
 * Whether the Next round's betting has closed (its cut-off passed, on the platform's clock: device
 * time corrected by the offset use-live-market.ts learns). False on the server and until the page
 * runs: without JavaScript a page made before the cut-off would stay closed once past it, so there
 * the platform's refusal says it instead. Renders only when the answer changes, not every tick.
 */
export function useBettingClosed(round: BettingRound | null): boolean {
  const [closed, setClosed] = useState(false);
  const cutoffAt = round?.cutoffAt;
  const clock = round?.clock;
  useEffect(() => {
    if (!cutoffAt || !clock) {
      setClosed(false);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const left = Date.parse(cutoffAt) - clock.now();
      setClosed(left <= 0);
      // at most a second apart: the clock's offset may move meanwhile (each tick corrects it)
      if (left > 0) timer = setTimeout(check, Math.min(left, 1_000));
    };
    check();
    return () => clearTimeout(timer);
  }, [cutoffAt, clock]);
  return closed;
}

/** The bet button's words while betting is closed: the time to the next betting window (the Next round's start). */
export function ReopensIn({ round }: { round: BettingRound }) {
  const { t } = useTranslation("game");
  const now = useServerNow(round.serverTime, round.clock);
  return <>{t("bet.closed_submit", { time: formatCountdown(secondsUntil(round.startsAt, now)) })}</>;
}
