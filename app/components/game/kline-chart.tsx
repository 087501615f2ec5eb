import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/utils/translator";
import { CANDLE_INTERVALS, type CandleInterval } from "~/utils/game";

type Candle = { time: string; open: number; high: number; low: number; close: number };
type Bar = { time: number; open: number; high: number; low: number; close: number };
/** The part of a lightweight-charts series this chart uses (the library itself is loaded later). */
type Series = { setData(bars: never[]): void; update(bar: never): void };

const SECONDS: Record<CandleInterval, number> = { "1m": 60, "5m": 300, "15m": 900, "1h": 3600, "1d": 86_400 };

/**
 * K-line chart of one pair. lightweight-charts is imported inside an effect, through
 * ./lightweight-charts.client (empty in the server build: the worker never carries the library),
 * so in the browser it is its own chunk, fetched only when this chart is on screen. The server
 * renders the chart as "static": a sentence that it needs JavaScript, and no interval buttons
 * that would do nothing; hydration turns it into the live chart.
 */
export function KlineChart({ pair, precision, tick }: { pair: string; precision: number; tick: { price: number; at: number } | null }) {
  const { t } = useTranslation("game");
  const [interval, choose] = useState<CandleInterval>("1m");
  const [status, setStatus] = useState<"static" | "loading" | "ready" | "failed">("static");
  const container = useRef<HTMLDivElement>(null);
  const series = useRef<Series | null>(null);
  const last = useRef<Bar | null>(null);
  const scale = 10 ** precision;

  useEffect(() => {
    let disposed = false;
    let remove: (() => void) | undefined;
    setStatus("loading");
    (async () => {
      const [charts, response] = await Promise.all([
        import("./lightweight-charts.client"),
        fetch(`/api/game/candles?pair=${encodeURIComponent(pair)}&interval=${interval}`, { headers: { accept: "application/json" } }),
      ]);
      const body = (await response.json()) as { candles: Candle[] };
      if (disposed || !container.current) return;
      if (!response.ok) throw new Error(String(response.status));
      const chart = charts.createChart(container.current, {
        autoSize: true,
        layout: { attributionLogo: false },
        timeScale: { timeVisible: interval !== "1d", secondsVisible: false },
      });
      remove = () => chart.remove();
      const candles = chart.addSeries(charts.CandlestickSeries, {
        priceFormat: { type: "price", precision, minMove: 1 / scale },
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
      last.current = bars.at(-1) ?? null;
      setStatus("ready");
    })().catch(() => {
      if (!disposed) setStatus("failed");
    });
    return () => {
      disposed = true;
      series.current = null;
      remove?.();
    };
  }, [pair, interval, precision, scale]);

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
    <section aria-labelledby="chart-title" className="kline">
      <h2 id="chart-title">{t("chart.title")}</h2>
      {status === "static" ? (
        <p className="muted">{t("chart.needs_js")}</p>
      ) : (
        <div role="group" aria-label={t("chart.interval")} className="kline-intervals">
          {CANDLE_INTERVALS.map((i) => (
            <button key={i} type="button" className="button button-small" aria-pressed={i === interval} onClick={() => choose(i)}>
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
