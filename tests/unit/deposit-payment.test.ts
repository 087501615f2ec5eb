import { describe, expect, it } from "vitest";
import { assetAmount, newReference, REFERENCE_ALPHABET } from "../../server/platform/money/payment";
import { base58Check, decodeBase58Check, isTronAddress, tronAddresses } from "../../server/cli/seed/tron-addresses";
import { DEMO2_SITE, DEMO2_USDT_XPUB } from "../../server/cli/seed/sites";
import { readAccountXpub } from "../../server/contract/hd-address";
import { cryptoAddress } from "../../server/contract";

describe("assetAmount: the exact amount of the asset for a deposit", () => {
  // [amount in minor units, decimals, unit price in minor units, expected]
  const table: [number, number, number, string][] = [
    [50_000, 6, 3200, "15.625000"], // NT$500.00 at NT$32.00: exact
    [100_000, 6, 3200, "31.250000"],
    [1_000, 6, 3200, "0.312500"], // below one whole unit: a leading zero
    [100, 6, 3_300, "0.030304"], // 0.0303030… rounded UP, never down
    [1, 6, 3_300, "0.000304"],
    [10_000, 2, 3_000, "3.34"], // 3.333… up to the cent
    [9_000, 0, 3_000, "3"], // no decimals: no point
    [9_001, 0, 3_000, "4"],
    [250_000, 8, 300_000_000, "0.00083334"], // BTC at 3,000,000.00: 8 places
    [1, 18, 1, "1.000000000000000000"], // 10^18 units: beyond 2^53, exact in bigint
    [Number.MAX_SAFE_INTEGER, 18, 7, "1286742750677284.428571428571428572"],
  ];
  it.each(table)("%i minor units, %i decimals, price %i → %s", (amount, decimals, price, expected) => {
    expect(assetAmount(amount, decimals, price)).toBe(expected);
  });

  it("never asks for less than the amount credited: units × price ≥ amount, and one unit less would not be", () => {
    for (let amount = 1; amount < 5000; amount += 37) {
      const units = BigInt(assetAmount(amount, 6, 3_300).replace(".", ""));
      expect(units * 3_300n >= BigInt(amount) * 10n ** 6n).toBe(true);
      expect((units - 1n) * 3_300n < BigInt(amount) * 10n ** 6n).toBe(true);
    }
  });
});

describe("newReference", () => {
  it("is 8 symbols without 0, O, 1 or I, and differs between deposits", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const reference = newReference();
      expect(reference).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
      seen.add(reference);
    }
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OI]/);
    expect(seen.size).toBe(500);
  });
});

describe("TRON address generator (server/cli/seed/tron-addresses.ts)", () => {
  it("makes valid TRON addresses: Base58Check of 0x41 + 20 bytes, starting with T, the same on every run", () => {
    const addresses = tronAddresses("unit", 5);
    expect(tronAddresses("unit", 5)).toEqual(addresses);
    expect(new Set(addresses).size).toBe(5);
    for (const address of addresses) {
      expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(isTronAddress(address)).toBe(true);
      expect(cryptoAddress.safeParse(address).success).toBe(true);
    }
  });

  it("agrees with a known address (the USDT contract on TRON) and refuses a broken checksum", () => {
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(true);
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBe(false);
    // a valid Base58Check that is not a TRON payload (Bitcoin's version byte 0x00)
    expect(isTronAddress(base58Check(new Uint8Array(21)))).toBe(false);
    expect(decodeBase58Check("0OIl")).toBeNull();
  });

  it("gives Brand Two's USDT option the demo account xpub, one address per member, and no pool to run out", () => {
    const read = readAccountXpub(DEMO2_USDT_XPUB);
    expect(read).toMatchObject({ ok: true, xpub: DEMO2_USDT_XPUB });
    expect(DEMO2_SITE.depositXpubs).toEqual({ "usdt-trc20": DEMO2_USDT_XPUB });
    expect(DEMO2_SITE.depositAddresses).toBeUndefined();
    expect(DEMO2_SITE.config.depositOptions?.[0]?.crypto).toMatchObject({
      assign: "member",
      unitPrice: 3200,
      decimals: 6,
    });
  });
});
