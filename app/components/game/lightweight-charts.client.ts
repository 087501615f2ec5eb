/**
 * The chart library, for the browser only. kline-chart.tsx, itself loaded lazily, imports it, so
 * in the browser it comes with the chart's own chunk, fetched when a chart is on screen. Remix's classic
 * compiler replaces `*.client.*` modules with an empty module in the server build, so none of
 * lightweight-charts is in the worker (which never draws a chart: the server renders the
 * chart's static placeholder).
 */
export { CandlestickSeries, ColorType, createChart, createSeriesMarkers } from "lightweight-charts";
