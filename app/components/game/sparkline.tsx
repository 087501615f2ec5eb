import { useTranslation } from "~/utils/translator";
import { formatPrice, trendOf, type Order, type Period } from "~/utils/game";

/** [unix second, price in the pair's smallest step] */
export type SparkPoint = [number, number];

interface Props {
  points: SparkPoint[];
  /** the Live round */
  period: Period;
  /** the Next round's cut-off (before the Live round's end): the locked stretch starts here */
  lockedFrom: string;
  precision: number;
  /** the member's bets on this pair: a marker each, where and at what price it was taken */
  bets: Order[];
  /** seconds of history before the last tick (the right end is the period's end) */
  seconds: number;
  /** the drawing's proportions: a strip on a phone, a panel on a wide screen */
  width?: number;
  height?: number;
  variant: "narrow" | "wide";
}

/**
 * The game's small live chart: the recent price, the Live round's start and its open price as a
 * dashed line, the locked stretch before its end (betting on the Next round has closed, so no
 * round takes bets: PancakeSwap Prediction shades its round's locked part the same way), and the
 * member's bets as markers where and at what price they were taken. Server-rendered SVG, so it
 * works without JavaScript, costs no library, and with JavaScript is redrawn on every tick (a few
 * dozen points: cheaper than any chart library's first load). Geometry is in SVG attributes, not
 * styles: the page's CSP allows no inline style attribute.
 */
export function Sparkline({
  points,
  period,
  lockedFrom,
  precision,
  bets,
  seconds,
  width = 320,
  height = 72,
  variant,
}: Props) {
  const { t, i18n } = useTranslation("game");
  const fmt = (p: number | null) => formatPrice(p, precision, i18n.language);
  const end = Date.parse(period.endsAt) / 1000;
  const locked = Date.parse(lockedFrom) / 1000;
  const start = Date.parse(period.startsAt) / 1000;
  const last = points.at(-1);
  const from = Math.min((last?.[0] ?? end) - seconds, start);
  const shown = points.filter(([s]) => s >= from);
  const open = period.openPrice;
  const prices = [...shown.map(([, p]) => p), ...(open === null ? [] : [open]), ...bets.map((b) => b.priceAtBet)];
  const pad = 4;
  let lo = Math.min(...prices);
  let hi = Math.max(...prices);
  if (!Number.isFinite(lo)) [lo, hi] = [0, 1];
  if (hi - lo < 4) [lo, hi] = [lo - 2, hi + 2];
  const x = (s: number) => pad + ((s - from) / Math.max(1, end - from)) * (width - 2 * pad);
  const y = (p: number) => pad + (1 - (p - lo) / (hi - lo)) * (height - 2 * pad);
  const line = shown.map(([s, p], i) => `${i === 0 ? "M" : "L"}${x(s).toFixed(1)} ${y(p).toFixed(1)}`).join("");
  const trend = trendOf(last?.[1] ?? null, open);
  const label = t("chart.spark_label", {
    seconds,
    open: fmt(open),
    price: fmt(last?.[1] ?? null),
    count: bets.length,
  });
  return (
    <svg
      className={`sparkline sparkline-${variant} trend-${trend}`}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      data-testid={variant === "narrow" ? "sparkline" : "sparkline-wide"}
    >
      {/* locked: from the Next round's cut-off to the Live round's end */}
      <rect className="spark-closed" x={x(locked)} y={0} width={Math.max(0, x(end) - x(locked))} height={height} />
      <line className="spark-start" x1={x(start)} x2={x(start)} y1={0} y2={height} />
      {open === null ? null : (
        <line className="spark-open" x1={pad} x2={width - pad} y1={y(open)} y2={y(open)} data-testid="spark-open" />
      )}
      {line ? <path className="spark-line" d={line} /> : null}
      {last ? <circle className="spark-now" cx={x(last[0])} cy={y(last[1])} r={3} /> : null}
      {bets.map((b) => {
        const at = Date.parse(b.createdAt) / 1000;
        if (at < from) return null;
        const cx = x(at);
        const cy = y(b.priceAtBet);
        // a triangle pointing the bet's way (high/rise up, low/fall down), a diamond for the others
        const d =
          b.option === "high" || b.option === "rise"
            ? `M${cx - 5} ${cy + 4}L${cx + 5} ${cy + 4}L${cx} ${cy - 5}Z`
            : b.option === "low" || b.option === "fall"
              ? `M${cx - 5} ${cy - 4}L${cx + 5} ${cy - 4}L${cx} ${cy + 5}Z`
              : `M${cx} ${cy - 5}L${cx + 5} ${cy}L${cx} ${cy + 5}L${cx - 5} ${cy}Z`;
        return (
          <path key={b.id} className="spark-bet" d={d} data-testid="spark-bet">
            <title>{`${t(`option.${b.option}`)} · ${fmt(b.priceAtBet)}`}</title>
          </path>
        );
      })}
    </svg>
  );
}
