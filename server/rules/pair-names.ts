/**
 * A synthetic pair's name must not read as a real asset pair (docs/decisions/032): no
 * "BTC/USDT", "ETH-USD", "EUR USD" or "XAUUSD"-like name, which a member would take for the
 * market of that asset. Two tickers joined by a slash, a dash or a space, or one run of six to
 * twelve capitals and digits ending in a common quote currency, read as a pair; "Walk 1 Index"
 * does not. The platform refuses such a name on a synthetic pair (`pair_name_reads_as_asset`).
 */
const JOINED = /^[A-Z0-9]{2,10}\s*[/\-_: ]\s*[A-Z0-9]{2,10}$/i;
const QUOTES = ["USDT", "USDC", "BUSD", "USD", "EUR", "JPY", "TWD", "CNY", "BTC", "ETH", "BNB"];

export function readsAsAssetPair(name: string): boolean {
  const trimmed = name.trim();
  if (JOINED.test(trimmed)) return true;
  const upper = trimmed.toUpperCase();
  return (
    /^[A-Z0-9]{5,14}$/.test(upper) &&
    trimmed === upper &&
    QUOTES.some((quote) => upper.endsWith(quote) && upper.length > quote.length + 1)
  );
}
