/** Types of binance-replay.mjs (a plain Node script, so that it runs without a build). */
export interface Replay {
  port: number;
  url: string;
  state: { klines: unknown[][]; klineRequests: Record<string, string>[]; status: number };
  readonly open: number;
  connected(n: number): Promise<void>;
  send(events: object[]): void;
  drop(): void;
  close(): Promise<void>;
}
export function startReplay(options?: { port?: number; host?: string }): Promise<Replay>;
export function tradeEvent(
  symbol: string,
  id: number,
  price: string,
  timeMs: number,
  quantity?: string,
  buyerIsMaker?: boolean,
): { e: "trade"; E: number; s: string; t: number; p: string; q: string; T: number; m: boolean; M: boolean };
export function klineRow(openMs: number, close: string, trades: number): unknown[];
