import type { HeroImagery } from "../../../server/contract/theme-design";

/**
 * The hero's built-in artwork (theme.imagery; app/README.md, "Themes"): line drawings in the
 * accent (currentColor), decorative only, so hidden from screen readers and never under text.
 * Inline SVG: part of the server's HTML, no request, and it follows the scheme and practice mode.
 */
export function HeroArt({ kind }: { kind: Exclude<HeroImagery, "none"> }) {
  return (
    <svg
      className="hero-art"
      viewBox="0 0 320 96"
      // the waves stretch across any width; the grid and the candles keep their proportions
      preserveAspectRatio={kind === "waves" ? "none" : "xMidYMid meet"}
      aria-hidden="true"
      focusable="false"
    >
      {kind === "waves" ? <Waves /> : kind === "grid" ? <Grid /> : <Candles />}
    </svg>
  );
}

function Waves() {
  return (
    <g fill="none" stroke="currentColor" strokeLinecap="round">
      <path d="M0 60 C40 30 80 30 120 55 S200 85 240 55 300 30 320 40" strokeWidth="3" />
      <path d="M0 72 C50 48 90 50 130 68 S210 92 250 70 300 52 320 58" strokeWidth="2" opacity="0.55" />
      <path d="M0 84 C60 66 100 70 140 80 S220 96 260 84 300 74 320 76" strokeWidth="1.5" opacity="0.3" />
    </g>
  );
}

function Grid() {
  const lines = [];
  for (let x = 0; x <= 320; x += 32) lines.push(<line key={`x${x}`} x1={x} y1="0" x2={x} y2="96" />);
  for (let y = 0; y <= 96; y += 24) lines.push(<line key={`y${y}`} x1="0" y1={y} x2="320" y2={y} />);
  return (
    <g fill="none" stroke="currentColor">
      <g strokeWidth="1" opacity="0.25">
        {lines}
      </g>
      <polyline points="0,80 40,70 80,74 120,52 160,58 200,36 240,42 280,20 320,26" strokeWidth="3" />
    </g>
  );
}

/** A run of candles, rising overall: open, close, low, high per candle in the 96-high box. */
const CANDLES: [number, number, number, number][] = [
  [70, 60, 76, 54],
  [60, 66, 72, 56],
  [66, 50, 70, 44],
  [50, 56, 60, 46],
  [56, 40, 62, 34],
  [40, 46, 50, 36],
  [46, 30, 52, 24],
  [30, 34, 40, 26],
  [34, 20, 38, 14],
  [20, 24, 30, 12],
  [24, 12, 28, 6],
];

function Candles() {
  return (
    <g stroke="currentColor" fill="currentColor">
      {CANDLES.map(([open, close, low, high], i) => {
        const x = 14 + i * 28;
        const rising = close < open;
        return (
          <g key={x} opacity={rising ? 1 : 0.45}>
            <line x1={x} y1={high} x2={x} y2={low} strokeWidth="1.5" />
            <rect
              x={x - 6}
              y={Math.min(open, close)}
              width="12"
              height={Math.max(2, Math.abs(open - close))}
              // filled both ways (a falling one paler): a hollow body with its wick through it reads
              // as the character 中 at this size
              strokeWidth="1.5"
            />
          </g>
        );
      })}
    </g>
  );
}
