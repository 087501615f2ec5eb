import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/utils/translator";
// Static here: this module is itself loaded lazily (game-page.tsx, game-chart.tsx), so the
// library arrives with the chart, never with the page's first screen.
import * as charts from "./lightweight-charts.client";
import { CANDLE_INTERVALS, formatPrice, type CandleInterval, type Order } from "~/utils/game";

type Candle = { time: string; open: number; high: number; low: number; close: number };
type Bar = { time: number; open: number; high: number; low: number; close: number };
/** The part of a lightweight-charts series this chart uses (the library itself is loaded later). */
type Series = { setData(bars: never[]): void; update(bar: never): void };
type Markers = { setMarkers(markers: never[]): void };
type PriceLine = unknown;
type LineSeries = { createPriceLine(options: never): PriceLine; removePriceLine(line: PriceLine): void };

/**
 * A horizontal price line (the contract page's entry, take-profit, stop-loss and liquidation of
 * the chosen position): its price in the pair's steps, a short title on the axis, and which theme
 * colour it takes.
 */
export type ChartLine = { price: number; title: string; tone: "entry" | "up" | "down" | "danger" };

const NO_LINES: ChartLine[] = [];

const SECONDS: Record<CandleInterval, number> = { "1m": 60, "5m": 300, "15m": 900, "1h": 3600, "1d": 86_400 };

/**
 * The page's theme colours as the chart is made (app/README.md, "Themes"): a canvas cannot use CSS
 * variables, so it reads their computed values once. The chart is made again with each pair,
 * interval or language, and when the device switches between light and dark (a page following the
 * device changes colours without a reload); a member's own choice reloads the page.
 */
function themeColors() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(name).trim();
  // faint grid lines (Binance's and IQ Option's dark charts): the border colour at half opacity
  const line = read("--line");
  const grid = /^#[0-9a-f]{6}$/i.test(line) ? `${line}80` : line;
  return {
    text: read("--muted"),
    background: read("--card"),
    grid,
    up: read("--up"),
    down: read("--down"),
    accent: read("--accent"),
    danger: read("--danger"),
  };
}

/**
 * K-line chart of one pair. This module is loaded lazily, with lightweight-charts through
 * ./lightweight-charts.client (empty in the server build: the worker never carries the library),
 * so in the browser both are a chunk of their own, fetched only when this chart is shown. The server
 * renders the chart as "static": a sentence that it needs JavaScript, and no interval buttons
 * that would do nothing; hydration turns it into the live chart.
 */
export default function KlineChart({
  pair,
  precision,
  tick,
  bets,
  embedded = false,
  onReady,
  lines = NO_LINES,
}: {
  pair: string;
  precision: number;
  tick: { price: number; at: number } | null;
  /** the member's bets on this pair, drawn as markers */
  bets: Order[];
  /** inside the game's chart panel (wide screens): that panel has the heading */
  embedded?: boolean;
  onReady?: (ready: boolean) => void;
  /** price lines to draw (none on the game page) */
  lines?: ChartLine[];
}) {
  const { t, i18n } = useTranslation("game");
  const markers = useRef<Markers | null>(null);
  const accent = useRef("");
  const palette = useRef<Record<ChartLine["tone"], string>>({ entry: "", up: "", down: "", danger: "" });
  const lng = i18n.language;
  const [interval, choose] = useState<CandleInterval>("1m");
  const [status, setStatus] = useState<"static" | "loading" | "ready" | "failed">("static");
  const container = useRef<HTMLDivElement>(null);
  const series = useRef<Series | null>(null);
  const last = useRef<Bar | null>(null);
  const scale = 10 ** precision;
  const [deviceScheme, setDeviceScheme] = useState(0);

  useEffect(() => {
    const query = matchMedia("(prefers-color-scheme: dark)");
    const changed = () => setDeviceScheme((n) => n + 1);
    query.addEventListener("change", changed);
    return () => query.removeEventListener("change", changed);
  }, []);

  useEffect(() => {
    let disposed = false;
    let remove: (() => void) | undefined;
    setStatus("loading");
    (async () => {
      const response = await fetch(`/api/game/candles?pair=${encodeURIComponent(pair)}&interval=${interval}`, {
        headers: { accept: "application/json" },
      });
      const body = (await response.json()) as { candles: Candle[] };
      if (disposed || !container.current) return;
      if (!response.ok) throw new Error(String(response.status));
      const colors = themeColors();
      accent.current = colors.accent;
      palette.current = { entry: colors.accent, up: colors.up, down: colors.down, danger: colors.danger };
      const chart = charts.createChart(container.current, {
        autoSize: true,
        layout: {
          attributionLogo: false,
          background: { type: charts.ColorType.Solid, color: colors.background },
          textColor: colors.text,
        },
        grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
        // the price axis reads as the price card does: "61,228.70", not "61228.70"
        localization: {
          locale: lng,
          priceFormatter: (p: number) => formatPrice(Math.round(p * scale), precision, lng),
        },
        timeScale: { timeVisible: interval !== "1d", secondsVisible: false },
      });
      remove = () => chart.remove();
      const candles = chart.addSeries(charts.CandlestickSeries, {
        priceFormat: { type: "price", precision, minMove: 1 / scale },
        upColor: colors.up,
        downColor: colors.down,
        wickUpColor: colors.up,
        wickDownColor: colors.down,
        borderVisible: false,
      });
      const bars = body.candles.map((c) => ({
        time: Math.floor(Date.parse(c.time) / 1000),
        open: c.open / scale,
        high: c.high / scale,
        low: c.low / scale,
        close: c.close / scale,
      }));
      candles.setData(bars as never[]);
      chart.timeScale().fitContent();
      series.current = candles as unknown as Series;
      markers.current = charts.createSeriesMarkers(candles, []) as unknown as Markers;
      last.current = bars.at(-1) ?? null;
      setStatus("ready");
    })().catch(() => {
      if (!disposed) setStatus("failed");
    });
    return () => {
      disposed = true;
      series.current = null;
      markers.current = null;
      remove?.();
    };
  }, [pair, interval, precision, scale, lng, deviceScheme]);

  useEffect(() => onReady?.(status === "ready"), [status, onReady]);

  // the member's bets: an arrow at the candle each was taken in (up for high/rise, down for low/fall)
  useEffect(() => {
    if (status !== "ready" || !markers.current) return;
    const step = SECONDS[interval];
    const list = bets
      .map((b) => {
        const up = b.option === "high" || b.option === "rise";
        const down = b.option === "low" || b.option === "fall";
        return {
          time: Math.floor(Date.parse(b.createdAt) / 1000 / step) * step,
          position: down ? "aboveBar" : "belowBar",
          shape: up ? "arrowUp" : down ? "arrowDown" : "circle",
          color: accent.current,
          text: t(`option.${b.option}`),
        };
      })
      .sort((a, b) => a.time - b.time);
    markers.current.setMarkers(list as never[]);
  }, [bets, status, interval, t]);

  // the price lines (lightweight-charts price lines on the candle series), replaced when they change
  useEffect(() => {
    const candles = series.current as unknown as LineSeries | null;
    if (status !== "ready" || !candles) return;
    const drawn = lines.map((line) =>
      candles.createPriceLine({
        price: line.price / scale,
        color: palette.current[line.tone],
        lineWidth: 1,
        // dashed for the triggers, solid for the entry
        lineStyle: line.tone === "entry" ? 0 : 2,
        axisLabelVisible: true,
        title: line.title,
      } as never),
    );
    // the price scale takes in the entry and the triggers, so they are on the chart, not above
    // it; the liquidation line is drawn when the candles' range reaches it (taking it in would
    // flatten the candles of a low-leverage position into a line)
    const wanted = lines.filter((l) => l.tone !== "danger").map((l) => l.price / scale);
    type Range = { priceRange: { minValue: number; maxValue: number } } | null;
    (candles as unknown as { applyOptions(options: never): void }).applyOptions({
      autoscaleInfoProvider: (original: () => Range): Range => {
        const range = original();
        if (!range || wanted.length === 0) return range;
        return {
          ...range,
          priceRange: {
            minValue: Math.min(range.priceRange.minValue, ...wanted),
            maxValue: Math.max(range.priceRange.maxValue, ...wanted),
          },
        };
      },
    } as never);
    return () => {
      if (series.current) for (const line of drawn) candles.removePriceLine(line);
    };
  }, [lines, status, scale]);

  // each tick moves the newest candle, or opens the next one
  useEffect(() => {
    if (!tick || !series.current) return;
    const step = SECONDS[interval];
    const time = Math.floor(tick.at / 1000 / step) * step;
    const price = tick.price / scale;
    const prev = last.current;
    const bar: Bar =
      prev && prev.time === time
        ? { ...prev, high: Math.max(prev.high, price), low: Math.min(prev.low, price), close: price }
        : { time, open: prev?.close ?? price, high: price, low: price, close: price };
    if (prev && time < prev.time) return;
    series.current.update(bar as never);
    last.current = bar;
  }, [tick, interval, scale]);

  return (
    <section
      aria-labelledby={embedded ? "game-chart-title" : "chart-title"}
      className={`kline${embedded ? " kline-embedded" : ""}`}
    >
      {embedded ? null : <h2 id="chart-title">{t("chart.title")}</h2>}
      {status === "static" ? (
        embedded ? null : (
          <p className="muted">{t("chart.needs_js")}</p>
        )
      ) : (
        <div role="group" aria-label={t("chart.interval")} className="kline-intervals">
          {CANDLE_INTERVALS.map((i) => (
            <button
              key={i}
              type="button"
              className="button button-small"
              aria-pressed={i === interval}
              onClick={() => choose(i)}
            >
              {t(`chart.interval_${i}`)}
            </button>
          ))}
        </div>
      )}
      <div
        ref={container}
        className="kline-canvas"
        hidden={status === "static"}
        role={status === "ready" ? "img" : undefined}
        aria-label={status === "ready" ? t("chart.label", { interval: t(`chart.interval_${interval}`) }) : undefined}
      />
      {status === "loading" ? <p className="muted">{t("chart.loading")}</p> : null}
      {status === "failed" ? (
        <p role="alert" className="error-list">
          {t("messages:kline_data_error")}
        </p>
      ) : null}
    </section>
  );
}
