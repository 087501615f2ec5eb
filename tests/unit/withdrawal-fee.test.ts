import { describe, expect, it } from "vitest";
import { withdrawFee } from "#rules/withdrawal-fee";

/**
 * The withdrawal fee both the form's preview and the platform's hold use (server/rules): the ratio
 * as whole basis points, the proportional part rounded up to the next minor unit, then the fixed
 * part. The expected figures are worked out by hand, not by the rule.
 */
describe("withdrawFee", () => {
  it("is the fixed part alone at a zero ratio, and nothing at all without one", () => {
    expect(withdrawFee(12_345, 0, 0)).toBe(0);
    expect(withdrawFee(12_345, 0, 250)).toBe(250);
    expect(withdrawFee(0, 0.015, 0)).toBe(0);
  });

  it("rounds the proportional part up to the next minor unit, never down", () => {
    // 1 × 0.0001 = 0.0001 → 1
    expect(withdrawFee(1, 0.0001, 0)).toBe(1);
    // 10 000 × 0.0001 = 1 exactly; one more minor unit is 1.0001 → 2
    expect(withdrawFee(10_000, 0.0001, 0)).toBe(1);
    expect(withdrawFee(10_001, 0.0001, 0)).toBe(2);
    // 100 × 1.5 % = 1.5 → 2, then the fixed 30
    expect(withdrawFee(100, 0.015, 30)).toBe(32);
    expect(withdrawFee(10_000, 1, 0)).toBe(10_000);
  });

  it("reads a ratio whose float is a hair off its basis points as those basis points", () => {
    // 0.0003 × 10 000 is 2.9999999999999996 and 0.015 × 10 000 is 150.00000000000003 in floats
    expect(withdrawFee(10_000, 0.0003, 0)).toBe(3);
    expect(withdrawFee(20_000, 0.015, 0)).toBe(300);
  });

  it("stays exact for amounts up to the contract's largest (Number.MAX_SAFE_INTEGER), where amount × basis points passes 2^53", () => {
    // 9 007 199 247 701 000 × 150 / 10 000 = 135 107 988 715 515 exactly: a float product rounds it up to …516
    expect(withdrawFee(9_007_199_247_701_000, 0.015, 0)).toBe(135_107_988_715_515);
    // 9 007 199 253 925 334 × 150 / 10 000 = 135 107 988 808 880.01 → …881: a float product loses the .01
    expect(withdrawFee(9_007_199_253_925_334, 0.015, 0)).toBe(135_107_988_808_881);
    // 9 007 199 254 740 991 × 1 / 10 000 = 900 719 925 474.0991 → …475
    expect(withdrawFee(Number.MAX_SAFE_INTEGER, 0.0001, 7)).toBe(900_719_925_482);
  });
});
