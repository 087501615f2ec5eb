import { describe, expect, it } from "vitest";
import { SITE_INFO_WHEN_MISSING } from "../../server/contract/schemas";
import {
  chances,
  cyclicPower,
  drawChanceBy,
  drawDistribution,
  fft,
  optionReturns,
  type FeedParams,
  type OptionReturn,
} from "../../server/contract/returns";
import { DEFAULT_PAIRS } from "../../server/platform/market/pairs";

/**
 * Return to player (server/contract/returns.ts; server/platform/README.md, "Return to player"):
 * the published figures of the demo pairs at the default odds, the pieces they are made of (the
 * draw's law, the FFT, the cyclic powers, the normal approximation against the FFT) and how the
 * figures move with the price. The simulation of the walk checks them in returns-simulation.test.ts.
 */

const ODDS = SITE_INFO_WHEN_MISSING.odds;
const demo = (pair: "BTC-USDT" | "ETH-USDT"): FeedParams => {
  const config = DEFAULT_PAIRS[pair]!;
  return {
    price: config.startPrice,
    volatilityBp: config.volatilityBp,
    periodSeconds: config.periodSeconds,
    cutoffSeconds: config.cutoffSeconds,
  };
};
const byOption = (rows: OptionReturn[]) => Object.fromEntries(rows.map((r) => [r.option, r]));
const sig4 = (x: number) => Number(x.toPrecision(4));

describe('the demo pairs\' table at the default odds (server/platform/README.md, "Game rules")', () => {
  // [win, refund, lose, rtp, house edge] to 4 significant digits, as the README writes them
  const TABLES = {
    "BTC-USDT": {
      draw: 8.409e-5,
      rows: {
        high: [0.5, 0, 0.5, 0.975, 0.025],
        low: [0.5, 0, 0.5, 0.975, 0.025],
        odd: [0.5, 0, 0.5, 0.975, 0.025],
        even: [0.5, 0, 0.5, 0.975, 0.025],
        rise: [0.5, 8.409e-5, 0.5, 0.975, 0.025],
        fall: [0.5, 8.409e-5, 0.5, 0.975, 0.025],
        counter: [0.5, 8.409e-5, 0.5, 0.975, 0.025],
        draw: [8.409e-5, 0, 0.9999, 7.568e-4, 0.9992],
      },
      drawLimit: 11_890,
    },
    "ETH-USDT": {
      draw: 7.448e-4,
      rows: {
        high: [0.5, 0, 0.5, 0.975, 0.025],
        low: [0.5, 0, 0.5, 0.975, 0.025],
        odd: [0.5, 0, 0.5, 0.975, 0.025],
        even: [0.5, 0, 0.5, 0.975, 0.025],
        rise: [0.4996, 7.448e-4, 0.4996, 0.975, 0.02498],
        fall: [0.4996, 7.448e-4, 0.4996, 0.975, 0.02498],
        counter: [0.4996, 7.448e-4, 0.4996, 0.975, 0.02498],
        draw: [7.448e-4, 0, 0.9993, 0.006703, 0.9933],
      },
      drawLimit: 1343,
    },
  } as const;

  it.each(Object.entries(TABLES))("%s: every option's win, refund, loss, RTP and house edge", (pair, expected) => {
    const ch = chances(demo(pair as "BTC-USDT"));
    expect(ch.method).toBe("exact");
    expect(sig4(ch.draw)).toBe(expected.draw);
    const rows = byOption(optionReturns(ch, ODDS));
    for (const [option, [win, refund, lose, rtp, edge]] of Object.entries(expected.rows)) {
      const r = rows[option]!;
      expect([sig4(r.win), sig4(r.refund), sig4(r.lose), sig4(r.rtp), sig4(r.houseEdge)], option).toEqual([
        win,
        refund,
        lose,
        rtp,
        edge,
      ]);
      expect(r.win + r.refund + r.lose, option).toBeCloseTo(1, 12);
      expect(r.overpays, option).toBe(false);
    }
    expect(sig4(rows.draw!.oddsLimit!)).toBe(expected.drawLimit);
  });

  it("answers a pair's table again from the cache for the same parameters, and computes it anew for a new price", () => {
    // (how fast it is, is the bench's to measure: no timed assertions here)
    const params = { ...demo("BTC-USDT"), price: demo("BTC-USDT").price + 1 };
    const first = chances({ ...params });
    expect(chances({ ...params })).toBe(first);
    expect(chances({ ...params, price: params.price + 1 })).not.toBe(first);
  });
});

describe("the pieces", () => {
  it("the draw c: total 1, mean 0, standard deviation √(65536² − 1), and P(c = ±393210) = 2^−192", () => {
    const law = drawDistribution();
    expect(law.length).toBe(786_421);
    let total = 0;
    let mean = 0;
    let variance = 0;
    for (let i = 0; i < law.length; i++) {
      total += law[i]!;
      mean += law[i]! * (i - 393_210);
      variance += law[i]! * (i - 393_210) ** 2;
    }
    expect(total).toBeCloseTo(1, 14);
    expect(Math.abs(mean)).toBeLessThan(1e-9);
    expect(Math.sqrt(variance) / Math.sqrt(65_536 ** 2 - 1)).toBeCloseTo(1, 10);
    expect(law[0]! / 2 ** -192).toBeCloseTo(1, 10);
    expect(law[786_420]! / 2 ** -192).toBeCloseTo(1, 10);
  });

  it("the FFT equals a direct DFT", () => {
    const n = 64;
    const re = Float64Array.from({ length: n }, (_, i) => Math.sin(i * 1.3) + (i % 5));
    const im = Float64Array.from({ length: n }, (_, i) => Math.cos(i * 0.7) - (i % 3));
    const [xr, xi] = [Float64Array.from(re), Float64Array.from(im)];
    fft(xr, xi);
    for (let k = 0; k < n; k++) {
      let sr = 0;
      let si = 0;
      for (let j = 0; j < n; j++) {
        const a = (-2 * Math.PI * j * k) / n;
        sr += re[j]! * Math.cos(a) - im[j]! * Math.sin(a);
        si += re[j]! * Math.sin(a) + im[j]! * Math.cos(a);
      }
      expect(xr[k]).toBeCloseTo(sr, 9);
      expect(xi[k]).toBeCloseTo(si, 9);
    }
  });

  it("a cyclic power equals convolving one draw at a time", () => {
    const law = [0.5, 0.2, 0, 0.1, 0, 0, 0, 0, 0.05, 0.15];
    let direct = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    for (let t = 0; t < 13; t++)
      direct = direct.map((_, r) => law.reduce((sum, p, s) => sum + p * direct[(r - s + 10) % 10]!, 0));
    const power = cyclicPower(law, 13);
    direct.forEach((p, r) => expect(power[r]).toBeCloseTo(p, 14));
  });

  it.each([6_123_450, 20_000_000, 345_678, 50_000])(
    "at price %i and 1 bp the normal approximation of P(draw) agrees with the FFT within its stated error",
    (price) => {
      const params = { price, volatilityBp: 1, periodSeconds: 60, cutoffSeconds: 10 };
      const exact = drawChanceBy(params, "exact");
      const normal = drawChanceBy(params, "normal");
      expect(Math.abs(normal.q - exact.q) / exact.q).toBeLessThan(normal.error);
    },
  );

  it("uses the normal approximation only where the FFT would be large, and says so", () => {
    const wide = chances({ price: 6_123_450, volatilityBp: 10, periodSeconds: 60, cutoffSeconds: 10 });
    expect(wide.method).toBe("normal");
    expect(wide.drawError).toBeLessThan(1e-6);
    expect(wide.draw * wide.sigma * Math.sqrt(2 * Math.PI)).toBeCloseTo(1, 3);
  });

  it("moves that are exact multiples of 10 never change the last digit: the digit options are certain and the lattice factor is 10", () => {
    // price × volatility = 10 × 655,360,000: every move is 10·c
    const ch = chances({ price: 6_553_600, volatilityBp: 1000, periodSeconds: 60, cutoffSeconds: 10 });
    expect(ch.method).toBe("normal");
    expect(ch.digits.high).toBeCloseTo(1, 12);
    expect(ch.digitLaw[0]).toBeCloseTo(1, 12);
    expect(ch.draw * ch.sigma * Math.sqrt(2 * Math.PI)).toBeCloseTo(10, 2);
  });
});

describe("the price level", () => {
  const btc = (price: number) => byOption(optionReturns(chances({ ...demo("BTC-USDT"), price }), ODDS));

  it("makes the draw likelier as the price falls", () => {
    const prices = [6_123_450, 1_000_000, 100_000, 10_000, 5_000, 3_000, 2_000];
    const draws = prices.map((p) => btc(p).draw!.win);
    for (let i = 1; i < draws.length; i++) expect(draws[i]!, `${prices[i]}`).toBeGreaterThan(draws[i - 1]!);
  });

  it("at 40.00 a BTC-USDT walk at 1 bp is too fine for its digits and draws: high, low and draw return over 100 %", () => {
    const rows = btc(4_000);
    expect(sig4(rows.draw!.rtp)).toBe(1.005);
    expect(sig4(rows.high!.rtp)).toBe(1.043);
    expect([rows.high!.overpays, rows.low!.overpays, rows.draw!.overpays]).toEqual([true, true, true]);
    // rise, fall and counter stay below 100 % at any price while the odds are below 2
    expect([rows.rise!.overpays, rows.fall!.overpays, rows.counter!.overpays]).toEqual([false, false, false]);
  });

  it("a frozen price (no move at all) refunds rise, fall and counter every time: exactly 100 %, which counts as overpaying", () => {
    const rows = byOption(optionReturns(chances({ ...demo("BTC-USDT"), volatilityBp: 0 }), ODDS));
    expect(rows.rise!.rtp).toBe(1);
    expect(rows.rise!.overpays).toBe(true);
    expect(rows.draw!.rtp).toBe(9);
  });
});

describe("the limits", () => {
  const rows = (odds: Partial<typeof ODDS>) => byOption(optionReturns(chances(demo("ETH-USDT")), { ...ODDS, ...odds }));

  it("odds of 2 on rise, fall, counter or a digit option return 100 % and overpay; 1.9999 does not", () => {
    for (const option of ["rise", "fall", "counter", "high", "low", "odd", "even"] as const) {
      expect(rows({ [option]: 2 })[option]!.overpays, option).toBe(true);
      expect(rows({ [option]: 1.9999 })[option]!.overpays, option).toBe(false);
    }
  });

  it("draw overpays from 1/q on", () => {
    const limit = rows({}).draw!.oddsLimit!;
    expect(rows({ draw: Math.ceil(limit) }).draw!.overpays).toBe(true);
    expect(rows({ draw: Math.floor(limit) }).draw!.overpays).toBe(false);
    expect(rows({ draw: Math.ceil(limit) }).draw!.rtp).toBeGreaterThanOrEqual(1);
  });
});
