/**
 * fee = ceil(amount × ratio) + fixed, in integers: the ratio has at most 4 decimal places (the
 * site config refuses more), so it is a whole number of basis points and no float touches money.
 * BigInt keeps amount × basis points exact beyond 2^53.
 */
export function withdrawFee(amount: number, ratio: number, fixed: number): number {
  const basisPoints = BigInt(Math.round(ratio * 10_000));
  const proportional = (BigInt(amount) * basisPoints + 9_999n) / 10_000n;
  return Number(proportional) + fixed;
}
