import { Suspense, useCallback, useEffect, useState, type ReactNode } from "react";
import { lazyPiece } from "~/utils/lazy-piece";
import { useTranslation } from "~/utils/translator";
import type { Order, Period } from "~/utils/game";
import type { SparkPoint } from "./sparkline";

// the sparkline: a piece, rendered whole by the server and preloaded with the page's code, so it
// hydrates with the rest; as a piece its drawing code is out of the game routes' initial JavaScript,
// which meets its budget only so (tests/bench, utils/lazy-piece.tsx)
const Sparkline = lazyPiece("app/components/game/sparkline.tsx", () =>
  import("./sparkline").then((m) => ({ default: m.Sparkline })),
);

// only on a wide screen, after the page runs: a phone never loads it
const KlineChart = lazyPiece("app/components/game/kline-chart.tsx", () => import("./kline-chart"));

/** The wide layout's breakpoint (app/styles/app.css). */
const WIDE = "(min-width: 1026px)";

/**
 * The game's chart panel: the server-rendered sparkline everywhere; on a wide screen, once the
 * page runs, the K-line chart over it (lightweight-charts is loaded then, never on a phone, so the
 * phone's first screen costs no chart library). The sparkline stays until the K-line has drawn.
 */
export function GameChart(props: {
  pair: string;
  points: SparkPoint[];
  period: Period;
  /** the Next round's cut-off: from here to the Live round's end no round takes bets */
  lockedFrom: string;
  precision: number;
  bets: Order[];
  seconds: number;
  tick: { price: number; at: number } | null;
  /** the K-line tab is open: the panel keeps to the sparkline, one K-line chart at a time */
  klineTab: boolean;
  /** the settled bets' result, in the chart's corner: never over the price, the rounds or the bet form */
  overlay?: ReactNode;
}) {
  const { t } = useTranslation("game");
  const wide = useMedia(WIDE);
  const [ready, setReady] = useState(false);
  const onReady = useCallback((r: boolean) => setReady(r), []);
  const kline = wide && !props.klineTab;
  const spark = {
    points: props.points,
    period: props.period,
    lockedFrom: props.lockedFrom,
    precision: props.precision,
    bets: props.bets,
    seconds: props.seconds,
  };
  return (
    <section
      className={`card game-chart${kline && ready ? " game-chart-kline" : ""}`}
      aria-labelledby="game-chart-title"
    >
      <h2 id="game-chart-title" className="visually-hidden">
        {t("chart.live_title")}
      </h2>
      {/* two proportions, one shown by the stylesheet: a strip on a phone, a panel on a wide screen
          (an SVG scales, but its markers would stretch with it) */}
      <Suspense fallback={null}>
        <Sparkline {...spark} variant="narrow" height={60} />
        <Sparkline {...spark} variant="wide" width={640} height={360} />
      </Suspense>
      {kline ? (
        <Suspense fallback={null}>
          <KlineChart
            pair={props.pair}
            precision={props.precision}
            tick={props.tick}
            bets={props.bets}
            embedded
            onReady={onReady}
          />
        </Suspense>
      ) : null}
      {props.overlay}
    </section>
  );
}

/** Whether a media query matches; false on the server and until the page runs. */
function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    setMatches(list.matches);
    const onChange = () => setMatches(list.matches);
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  }, [query]);
  return matches;
}
