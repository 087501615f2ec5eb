/**
 * How much "Move US$20 and bet" moves from the main account into the game wallet (app/README.md,
 * "Move and bet"), in minor units; null when it is not offered. The bet bar computes it to say the
 * figure on its button, and the button posts that figure, so what moves is what the member read.
 *
 * - Offered only when the game wallet is short of the stake and the main account covers the
 *   shortfall, within the site's transfer limits.
 * - Not the bare shortfall: a member short by US$0.37 would meet the same button at the next bet.
 *   The shortfall is rounded up to a step of ten of the site's smallest chip (US$10 on a site whose
 *   smallest chip is US$1), a few more bets' worth and still small beside what a member deposits.
 * - Where the main account holds less than that round amount, just the shortfall; never less
 *   than the transfer minimum.
 */
export function moveAmountFor(opts: {
  stake: number;
  gameWallet: number;
  main: number;
  /** the site's smallest chip (else its minimum bet): the step is ten of it */
  unit: number;
  transfer: { min: number; max: number };
}): number | null {
  const { stake, gameWallet, main, transfer } = opts;
  const short = stake - gameWallet;
  if (!(short > 0) || !(main >= short)) return null;
  const step = Math.max(1, opts.unit) * 10;
  let amount = Math.max(Math.ceil(short / step) * step, transfer.min);
  if (amount > main) amount = Math.max(short, transfer.min);
  return amount <= main && amount <= transfer.max ? amount : null;
}
