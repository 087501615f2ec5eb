import { formatPrice } from "~/utils/game";
import { useTranslation } from "~/utils/translator";

/** [unix second, price in the pair's smallest step] */
export type TickPoint = [number, number];

/**
 * A period's ticks as the game's sparkline draws them (server-rendered SVG, geometry in attributes:
 * the CSP allows no inline style): the open as a dashed line and the price from the open's second
 * to the close's, coloured by the period's direction. `recorded` is what the platform still keeps
 * (an hour of ticks), drawn faint; `recomputed` is the browser's verification, drawn over it, so a
 * difference shows as two lines.
 */
export function TickChart({
  recorded,
  recomputed,
  open,
  precision,
  label,
  variant,
}: {
  variant: "narrow" | "wide";
  recorded: TickPoint[];
  recomputed: TickPoint[];
  open: number | null;
  precision: number;
  label: string;
}) {
  const [width, height] = variant === "narrow" ? [340, 150] : [760, 200];
  const { i18n } = useTranslation("fairness");
  const all = [...recorded, ...recomputed];
  if (all.length === 0) return null;
  const seconds = all.map(([s]) => s);
  const prices = [...all.map(([, p]) => p), ...(open === null ? [] : [open])];
  const from = Math.min(...seconds);
  const to = Math.max(...seconds);
  let lo = Math.min(...prices);
  let hi = Math.max(...prices);
  if (hi - lo < 4) [lo, hi] = [lo - 2, hi + 2];
  const padX = 6;
  const padTop = 16;
  const padBottom = 16;
  const x = (s: number) => padX + ((s - from) / Math.max(1, to - from)) * (width - 2 * padX);
  const y = (p: number) => padTop + (1 - (p - lo) / (hi - lo)) * (height - padTop - padBottom);
  const path = (points: TickPoint[]) =>
    points.map(([s, p], i) => `${i === 0 ? "M" : "L"}${x(s).toFixed(1)} ${y(p).toFixed(1)}`).join("");
  const shown = recomputed.length ? recomputed : recorded;
  const last = shown.at(-1)?.[1] ?? null;
  const trend = open === null || last === null || last === open ? "flat" : last > open ? "up" : "down";
  const fmt = (p: number) => formatPrice(p, precision, i18n.language);
  return (
    <svg
      className={`tick-chart tick-chart-${variant} trend-${trend}`}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      data-testid={`tick-chart-${variant}`}
    >
      {open === null ? null : <line className="tick-open" x1={padX} x2={width - padX} y1={y(open)} y2={y(open)} />}
      {recorded.length ? (
        <path className="tick-recorded" d={path(recorded)} data-testid={`tick-recorded-${variant}`} />
      ) : null}
      {recomputed.length ? (
        <path className="tick-recomputed" d={path(recomputed)} data-testid={`tick-recomputed-${variant}`} />
      ) : null}
      <text className="tick-label" x={padX} y={11}>
        {fmt(hi)}
      </text>
      <text className="tick-label" x={padX} y={height - 3}>
        {fmt(lo)}
      </text>
    </svg>
  );
}
