/**
 * A synthetic pair's name must not read as a real asset pair (docs/decisions/032): no
 * "BTC/USDT", "ETH-USD", "EUR USD" or "XAUUSD"-like name, which a member would take for the
 * market of that asset. Two tickers joined by a slash, a dash or a space, or one run of six to
 * fourteen capitals and digits ending in a common quote currency, read as a pair; "Walk 1 Index"
 * and "TST Walk" do not. The platform refuses such a name on a synthetic pair (`pair_name_reads_as_asset`).
 */
const JOINED = /^[A-Za-z0-9]{2,10}\s*[/\-_:]\s*[A-Za-z0-9]{2,10}$|^[A-Z0-9]{2,10} [A-Z0-9]{2,10}$/;
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
