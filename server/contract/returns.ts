import { BET_OPTIONS, type BetOption } from "#rules/bet-options";
import { outcomesOf } from "#rules/outcomes";

/**
 * Return to player (server/platform/README.md, "Return to player"): for a pair's committed feed
 * parameters at a price level, each option's chance of a win, a refund and a loss, the return to
 * player at given odds (RTP = Σ P(outcome) × payback / stake) and the house edge (1 − RTP).
 * Zod-free and pure: the platform's table, its refusal of odds and of bets share it.
 *
 * The figures are those of the best-informed member: one who bets at the last accepted instant
 * and knows every price up to it. Bets on period N close `cutoffSeconds` before N starts, so the
 * member knows the price `cutoffSeconds` ticks before N's open and `cutoffSeconds + periodSeconds`
 * ticks before its close (one tick more in fact: the tick of the cut-off second is drawn at the
 * cut-off, when betting has closed; leaving it out errs on the member's side).
 *
 * - rise, fall and draw depend on N's own moves only, which are independent of everything known
 *   then and symmetric: P(draw) = q = P(sum of periodSeconds moves = 0), rise and fall win (1 − q)/2
 *   each and are refunded with q.
 * - high, low, odd and even depend on the close's last digit = (last known price + the sum of
 *   cutoffSeconds + periodSeconds moves) mod 10: the member knows the first term, so each takes
 *   the residue that suits the member best (the worst case for the house).
 * - counter: taken where the previous period surely moved (the member can nearly see it: it is
 *   the one running at the cut-off); then N reverses it with (1 − q)/2, repeats it with (1 − q)/2
 *   and is flat (refund) with q. Had the previous period been flat, counter is refunded whatever
 *   happens: a return of exactly 100 % that nobody can win from.
 *
 * "At price p": a tick's move is round(p × volatilityBp × c / 655,360,000), so it scales with the
 * price. The figures hold the price at p for the period's ticks (over 70 seconds a price moves
 * by far less than a percent of itself at these volatilities) and ignore the floor at a price of 1.
 * As the price falls, moves shrink towards whole steps and zero: the draw becomes likelier and
 * the digits less even, so a price fall raises the RTP of draw and, at very low prices, of the
 * digit options.
 */

/** twelve 16-bit words make the draw c (server/rules/fairness-walk.ts, step 3) */
const WORD = 65_536;
const WORDS = 12;
/** c = sum of the words − CENTRE, so c ∈ [−CENTRE, CENTRE] */
const CENTRE = (WORDS * (WORD - 1)) / 2;
/** move = round(price × volatilityBp × c / DIVISOR) */
const DIVISOR = 10_000 * WORD;
/** the period's sum by FFT while its size stays at or below this (2^17 points: about 15 ms) */
const MAX_FFT = 1 << 17;
/** the FFT wraps the sum modulo N: N is chosen so that wrapping changes q by at most this */
const WRAP_ERROR = 1e-12;
/** the lattice factor of the normal approximation is computed exactly up to this modulus */
const MAX_LATTICE = 512;

export type DigitOption = "high" | "low" | "odd" | "even";
export const DIGIT_OPTIONS: readonly DigitOption[] = ["high", "low", "odd", "even"];
/** Whether a close ending in `digit` wins a digit option: the settlement's own rule (a digit option ignores the direction). */
const digitWins = (option: DigitOption) => (digit: number) => outcomesOf(digit, 0, null)[option] === "win";

/** What the chances depend on: a pair's committed parameters of a day and the price level. */
export interface FeedParams {
  /** in the pair's smallest step (61234.50 at precision 2 is 6123450) */
  price: number;
  volatilityBp: number;
  periodSeconds: number;
  cutoffSeconds: number;
}

/** The outcome chances a best-informed member faces, at these parameters (see above). */
export interface Chances {
  /** q: P(close = open), the draw's win and the refund of rise, fall and counter */
  draw: number;
  /** the law of the sum of `unknownTicks` moves modulo 10: index r = P(sum ≡ r) */
  digitLaw: number[];
  /** each digit option's chance of winning for the member's best residue of the last known price */
  digits: Record<DigitOption, number>;
  /** cutoffSeconds + periodSeconds: the moves between the last price a member can know and the close */
  unknownTicks: number;
  /** the standard deviation of a period's sum of moves, in price steps */
  sigma: number;
  /** how q was found: "exact" (FFT of the exact one-tick law) or "normal" (local normal approximation) */
  method: "exact" | "normal";
  /** a bound on q's error: absolute for "exact" (the FFT's wrap-around), relative for "normal" */
  drawError: number;
}

// --- the draw c ---------------------------------------------------------------------------------

let drawLaw: Float64Array | null = null;

/**
 * P(c = x) at index x + CENTRE: the 12-fold convolution of the uniform law on {0 … 65535}, each
 * fold a running window sum of 65,536 terms. The law is symmetric, so only its first half is
 * summed and the rest mirrored; in that half the window sum only grows until values are large, so
 * a plain sum keeps even the far tail to 13 digits (checked against a compensated sum). About
 * 25 ms, once per isolate; 6 MB.
 */
export function drawDistribution(): Float64Array {
  if (drawLaw) return drawLaw;
  let law = new Float64Array(WORD).fill(1 / WORD);
  for (let fold = 1; fold < WORDS; fold++) {
    const from = law;
    const next = new Float64Array(from.length + WORD - 1);
    const last = next.length - 1;
    let sum = 0;
    // every i of the first half lies inside the previous law, whose half is 65,535 wide or more
    for (let i = 0; 2 * i <= last; i++) {
      sum += from[i]!;
      if (i >= WORD) sum -= from[i - WORD]!;
      next[i] = next[last - i] = sum > 0 ? sum / WORD : 0;
    }
    law = next;
  }
  // rounding leaves the total a few parts in 10^13 from 1: scale it back
  let total = 0;
  for (const p of law) total += p;
  for (let i = 0; i < law.length; i++) law[i] = law[i]! / total;
  drawLaw = law;
  return law;
}

// --- one tick's move ----------------------------------------------------------------------------

interface MoveLaw {
  /** P(move = m) for m = 0 … the largest move (the law is symmetric); null when too wide to keep */
  half: Float64Array | null;
  mod10: Float64Array;
  /** the law modulo a lattice g, when asked for */
  modG: Float64Array | null;
  variance: number;
  /** the fourth and sixth central moments (the law is symmetric: the odd ones are 0) */
  fourth: number;
  sixth: number;
}

/**
 * The move's exact law for price × volatility = k: for c = 0 … CENTRE, m(c) = round(k·c / DIVISOR)
 * with halves away from zero (m(−c) = −m(c)), kept as quotient and remainder so it stays exact in
 * doubles for any allowed price and volatility. `keep`: whether to keep P(m) per m; `modulus`: a
 * lattice g ≥ 2 whose residues to add up (the normal approximation's λ).
 */
function moveLaw(price: number, volatilityBp: number, keep: boolean, modulus = 0): MoveLaw {
  const c = drawDistribution();
  const k = BigInt(price) * BigInt(volatilityBp);
  const stepQuotient = Number(k / BigInt(DIVISOR));
  const stepRemainder = Number(k % BigInt(DIVISOR));
  // the largest move, m(CENTRE), in integers (stepRemainder × CENTRE < 2^53)
  const spill = Math.floor((stepRemainder * CENTRE) / DIVISOR);
  const spillRemainder = stepRemainder * CENTRE - spill * DIVISOR;
  const maxMove = stepQuotient * CENTRE + spill + (2 * spillRemainder >= DIVISOR ? 1 : 0);
  const half = keep ? new Float64Array(maxMove + 1) : null;
  const mod10 = new Float64Array(10);
  const modG = modulus >= 2 ? new Float64Array(modulus) : null;
  let variance = 0;
  let fourth = 0;
  let sixth = 0;
  let quotient = 0;
  let remainder = 0;
  for (let x = 0; x <= CENTRE; x++) {
    if (x > 0) {
      quotient += stepQuotient;
      remainder += stepRemainder;
      if (remainder >= DIVISOR) {
        quotient += 1;
        remainder -= DIVISOR;
      }
    }
    const m = quotient + (2 * remainder >= DIVISOR ? 1 : 0);
    // c = x and c = −x (one draw for x = 0), each with probability p, move m and −m
    const p = c[CENTRE + x]!;
    const both = x === 0 ? p : 2 * p;
    if (half) half[m] = half[m]! + (m === 0 ? both : p);
    const r = m % 10;
    mod10[r] = mod10[r]! + both / 2;
    mod10[(10 - r) % 10] = mod10[(10 - r) % 10]! + both / 2;
    if (modG) {
      const g = m % modulus;
      modG[g] = modG[g]! + both / 2;
      modG[(modulus - g) % modulus] = modG[(modulus - g) % modulus]! + both / 2;
    }
    const m2 = m * m;
    variance += both * m2;
    fourth += both * m2 * m2;
    sixth += both * m2 * m2 * m2;
  }
  // summing 393,211 terms leaves the total a few parts in 10^12 from 1: scale it back
  const total = mod10.reduce((a, b) => a + b, 0);
  for (let r = 0; r < 10; r++) mod10[r] = mod10[r]! / total;
  if (modG) for (let r = 0; r < modulus; r++) modG[r] = modG[r]! / total;
  if (half) for (let m = 0; m < half.length; m++) half[m] = half[m]! / total;
  return {
    half,
    mod10,
    modG,
    variance: variance / total,
    fourth: fourth / total,
    sixth: sixth / total,
  };
}

// --- sums of moves ------------------------------------------------------------------------------

/** The law of a sum of `times` independent draws from `law`, modulo law.length (repeated squaring). */
export function cyclicPower(law: ArrayLike<number>, times: number): Float64Array {
  const n = law.length;
  const convolve = (a: Float64Array, b: Float64Array) => {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const ai = a[i]!;
      if (ai === 0) continue;
      for (let j = 0; j < n; j++) out[(i + j) % n] = out[(i + j) % n]! + ai * b[j]!;
    }
    return out;
  };
  let result = new Float64Array(n);
  result[0] = 1;
  let base = Float64Array.from(law);
  for (let e = times; e > 0; e = Math.floor(e / 2)) {
    if (e % 2 === 1) result = convolve(result, base);
    if (e > 1) base = convolve(base, base);
  }
  return result;
}

const twiddleTables = new Map<number, { cos: Float64Array; sin: Float64Array }>();

/** One table of twiddles per size for every stage, each from Math.cos/sin (no rotation error adds up). */
function twiddles(n: number): { cos: Float64Array; sin: Float64Array } {
  let table = twiddleTables.get(n);
  if (!table) {
    table = { cos: new Float64Array(n / 2), sin: new Float64Array(n / 2) };
    for (let k = 0; k < n / 2; k++) {
      table.cos[k] = Math.cos((2 * Math.PI * k) / n);
      table.sin[k] = -Math.sin((2 * Math.PI * k) / n);
    }
    twiddleTables.set(n, table);
  }
  return table;
}

/** In-place radix-2 FFT (length a power of two), forward: X_k = Σ x_j e^(−2πi jk/n). */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  const { cos, sin } = twiddles(n);
  for (let size = 2; size <= n; size *= 2) {
    const halfSize = size / 2;
    const stride = n / size;
    for (let start = 0; start < n; start += size) {
      for (let j = 0; j < halfSize; j++) {
        const wr = cos[j * stride]!;
        const wi = sin[j * stride]!;
        const a = start + j;
        const b = a + halfSize;
        const xr = re[b]! * wr - im[b]! * wi;
        const xi = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - xr;
        im[b] = im[a]! - xi;
        re[a] = re[a]! + xr;
        im[a] = im[a]! + xi;
      }
    }
  }
}

/**
 * The FFT's size for the sum of `ticks` moves at k = price × volatility: the sum is taken modulo N,
 * which adds P(|sum| ≥ N) to q. Each move is within ½ of k·c/DIVISOR and c is a sum of twelve
 * uniform words, so by Hoeffding P(|sum| ≥ N) ≤ 2 exp(−2x² / (12 · ticks · 65535²)) with
 * x = (N − ticks/2) · DIVISOR / k: N is the least power of two that makes this ≤ WRAP_ERROR
 * (about 13 standard deviations of the sum).
 */
function fftSize(k: number, ticks: number): number {
  const x = Math.sqrt((Math.log(2 / WRAP_ERROR) * 12 * ticks * (WORD - 1) ** 2) / 2);
  return Math.max(64, 2 ** Math.ceil(Math.log2((x * k) / DIVISOR + ticks / 2)));
}

/** q = P(sum of `ticks` moves = 0): the one-tick law's transform φ at N points, q ≈ (1/N) Σ φ_k^ticks. */
function exactDraw(move: MoveLaw, ticks: number, size: number): number {
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  const half = move.half!;
  for (let m = 0; m < half.length; m++) {
    const p = half[m]!;
    if (p === 0) continue;
    const at = m % size;
    re[at] = re[at]! + p;
    if (m > 0) re[(size - at) % size] = re[(size - at) % size]! + p;
  }
  fft(re, im);
  // the law is symmetric, so φ is real
  let sum = 0;
  for (let i = 0; i < size; i++) sum += Math.pow(re[i]!, ticks);
  return Math.max(0, sum / size);
}

/**
 * Where the sum is too wide for the FFT: the local normal approximation with its first Edgeworth
 * term, q ≈ λ / (σ√(2π)) · (1 + γ₄ / (8n)), n = ticks, γ₄ the one-tick move's excess kurtosis.
 * λ corrects for moves that fall on a coarser lattice: when k/DIVISOR is near a whole number g ≥ 2,
 * moves are nearly multiples of g, and λ = g · P(sum ≡ 0 mod g) (1 when the residues are even;
 * taken as 1 above g = 512, where q < 5 × 10⁻⁶ anyway). The error is the next Edgeworth term,
 * (15|γ₆| / 720 + 105 γ₄² / 1152) / n² relative (about 2 × 10⁻⁸ at 60 ticks: the FFT agrees to
 * that where both apply), plus the lattice's wrap exp(−2π²σ²/g²), nothing at these σ.
 */
function normalDraw(move: MoveLaw, ticks: number): { q: number; error: number } {
  const v = move.variance;
  const sigma = Math.sqrt(v * ticks);
  const kurtosis = move.fourth / (v * v) - 3;
  const sixthCumulant = (move.sixth - 15 * move.fourth * v + 30 * v * v * v) / (v * v * v);
  const lattice = move.modG ? move.modG.length * cyclicPower(move.modG, ticks)[0]! : 1;
  const q = (lattice / (sigma * Math.sqrt(2 * Math.PI))) * (1 + kurtosis / (8 * ticks));
  const error = ((15 * Math.abs(sixthCumulant)) / 720 + (105 * kurtosis * kurtosis) / 1152) / (ticks * ticks);
  return { q, error };
}

/** The lattice g of the normal approximation: the whole number nearest k/DIVISOR, when 2 … 512. */
function latticeOf(price: number, volatilityBp: number): number {
  const g = Math.round((price * volatilityBp) / DIVISOR);
  return g >= 2 && g <= MAX_LATTICE ? g : 0;
}

/** q by one method, whatever the size (tests compare the two where both apply). */
export function drawChanceBy(params: FeedParams, method: Chances["method"]): { q: number; error: number } {
  const { price, volatilityBp, periodSeconds } = params;
  if (method === "normal")
    return normalDraw(moveLaw(price, volatilityBp, false, latticeOf(price, volatilityBp)), periodSeconds);
  return {
    q: exactDraw(moveLaw(price, volatilityBp, true), periodSeconds, fftSize(price * volatilityBp, periodSeconds)),
    error: WRAP_ERROR,
  };
}

// --- the chances, cached -----------------------------------------------------------------------

const cache = new Map<string, Chances>();
const CACHE_SIZE = 64;

/** The chances at these parameters (cached by them: a day's parameters are frozen, prices repeat). */
export function chances(params: FeedParams): Chances {
  const key = `${params.price}|${params.volatilityBp}|${params.periodSeconds}|${params.cutoffSeconds}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const computed = compute(params);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, computed);
  return computed;
}

function compute(params: FeedParams): Chances {
  const { price, volatilityBp, periodSeconds, cutoffSeconds } = params;
  const unknownTicks = cutoffSeconds + periodSeconds;
  const size = fftSize(price * volatilityBp, periodSeconds);
  const exact = size <= MAX_FFT;
  const move = moveLaw(price, volatilityBp, exact, exact ? 0 : latticeOf(price, volatilityBp));
  const sigma = Math.sqrt(move.variance * periodSeconds);
  let draw: number;
  let drawError = 0;
  if (move.variance === 0) draw = 1;
  else if (exact) {
    draw = exactDraw(move, periodSeconds, size);
    drawError = WRAP_ERROR;
  } else {
    ({ q: draw, error: drawError } = normalDraw(move, periodSeconds));
  }
  const digitLaw = Array.from(cyclicPower(move.mod10, unknownTicks));
  const digits = Object.fromEntries(DIGIT_OPTIONS.map((o) => [o, bestResidue(digitLaw, digitWins(o))])) as Record<
    DigitOption,
    number
  >;
  return {
    draw: Math.min(1, draw),
    digitLaw,
    digits,
    unknownTicks,
    sigma,
    method: exact ? "exact" : "normal",
    drawError,
  };
}

/** The largest chance of a win over the last known price's residue r: max_r Σ_s law[s]·wins((r + s) mod 10). */
function bestResidue(law: number[], wins: (digit: number) => boolean): number {
  let best = 0;
  for (let r = 0; r < 10; r++) {
    let p = 0;
    for (let s = 0; s < 10; s++) if (wins((r + s) % 10)) p += law[s]!;
    best = Math.max(best, p);
  }
  return Math.min(1, best);
}

// --- returns at odds ----------------------------------------------------------------------------

export interface OptionReturn {
  option: BetOption;
  odds: number;
  win: number;
  refund: number;
  lose: number;
  /** return to player per unit stake: win × odds + refund (the payout's rounding down only lowers it) */
  rtp: number;
  houseEdge: number;
  /**
   * the least odds at which this option returns 100 % or more, (1 − refund) / win: 2 for rise,
   * fall and counter, 1/q for draw, 1/win for a digit option; null when no odds reach it
   */
  oddsLimit: number | null;
  /** odds ≥ oddsLimit: the option returns 100 % or more, a game the house would lose */
  overpays: boolean;
}

/** Win, refund and loss of each option for a best-informed member (see the module's comment). */
export function optionChances(ch: Chances, option: BetOption): { win: number; refund: number; lose: number } {
  if (option === "draw") return { win: ch.draw, refund: 0, lose: 1 - ch.draw };
  if (option === "rise" || option === "fall" || option === "counter") {
    const side = (1 - ch.draw) / 2;
    return { win: side, refund: ch.draw, lose: side };
  }
  const win = ch.digits[option];
  return { win, refund: 0, lose: 1 - win };
}

/**
 * Every option's return at these odds (options without odds are left out). Whether it overpays
 * is decided against the odds limit rather than the RTP's rounding: rise at odds 2 is exactly
 * 100 %, which a sum in doubles may land a hair below.
 */
export function optionReturns(ch: Chances, odds: Partial<Record<BetOption, number>>): OptionReturn[] {
  return BET_OPTIONS.flatMap((option) => {
    const o = odds[option];
    if (o === undefined) return [];
    const { win, refund, lose } = optionChances(ch, option);
    const rtp = win * o + refund;
    const oddsLimit = win > 0 ? (1 - refund) / win : refund >= 1 ? 1 : null;
    return [
      {
        option,
        odds: o,
        win,
        refund,
        lose,
        rtp,
        houseEdge: 1 - rtp,
        oddsLimit,
        overpays: oddsLimit !== null && o >= oddsLimit,
      },
    ];
  });
}
