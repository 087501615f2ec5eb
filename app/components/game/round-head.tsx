import { useTranslation } from "~/utils/translator";
import type { Period } from "~/utils/game";
import { CountdownBar, useServerNow } from "./countdown";
import type { ServerClock } from "./use-live-market";

/**
 * A round's head, one row (app/README.md, "The game page"): its badge (Live or Next), its number,
 * and its countdown at the row's end, the bar a thin line along the row's foot. `timer` carries
 * the countdown's test id and data attributes.
 */
export function RoundHead(props: {
  round: "live" | "next";
  periodNo: string;
  label: string;
  from: string;
  to: string;
  now: number;
  className?: string;
  timer: Record<`data-${string}`, string>;
}) {
  const { t } = useTranslation("game");
  return (
    <div className={`round-head ${props.className ?? ""}`}>
      <p className="round-title">
        <span className={`round-badge round-badge-${props.round}`}>{t(`round.${props.round}`)}</span>
        <span className="round-no">
          <span className="visually-hidden">{t("market.period")} </span>
          <span data-testid={`${props.round}-period`}>{props.periodNo}</span>
        </span>
      </p>
      <p className="game-timer round-timer" {...props.timer}>
        <span className="round-timer-label">{props.label}</span>{" "}
        <CountdownBar from={props.from} to={props.to} now={props.now} />
      </p>
    </div>
  );
}

/**
 * The Next round's head, at the top of the bet form: its number and "Betting closes in 0:07" (to
 * its cut-off, the bar emptying from when its betting opened, the Live round's start); after the
 * cut-off "Closed, starts in 0:03" (to its start), when no round takes bets. `data-phase` says
 * which, for the tests and the stylesheet.
 */
export function NextRound({
  next,
  opensAt,
  serverTime,
  clock,
}: {
  next: Period;
  opensAt: string;
  serverTime: string;
  clock: ServerClock;
}) {
  const { t } = useTranslation("game");
  const now = useServerNow(serverTime, clock);
  const open = now < Date.parse(next.cutoffAt);
  return (
    <RoundHead
      round="next"
      periodNo={next.periodNo}
      label={open ? t("market.cutoff_in") : t("market.closed_starts_in")}
      from={open ? opensAt : next.cutoffAt}
      to={open ? next.cutoffAt : next.startsAt}
      now={now}
      className={open ? "" : "round-closed"}
      timer={{ "data-testid": "cutoff-timer", "data-phase": open ? "open" : "closed" }}
    />
  );
}
