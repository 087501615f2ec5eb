import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireMember } from "~/utils/auth.server";
import { CANDLE_INTERVALS, type CandleInterval } from "~/utils/game";
import { messageKey } from "~/utils/messages";
import { failureStatus } from "~/utils/failure-status";

/** K-line candles for the game page's chart: `?pair=BTC-USDT&interval=1m`, oldest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const params = new URL(request.url).searchParams;
  const pair = params.get("pair") ?? "";
  const interval = params.get("interval") ?? "";
  if (!context.site.pairs.includes(pair) || !(CANDLE_INTERVALS as readonly string[]).includes(interval)) {
    return json({ candles: [], error: messageKey("invalid_parameters") }, { status: 400 });
  }
  const result = await context.platform.call("candles", {
    params: { pair },
    query: { interval: interval as CandleInterval, limit: 200 },
  });
  if (!result.ok)
    return json({ candles: [], error: messageKey("kline_data_error") }, { status: failureStatus(result.status) });
  return json({ candles: result.data, error: null }, { headers: { "cache-control": "private, max-age=5" } });
}
