import { HDKey } from "@scure/bip32";
import { describe, expect, it } from "vitest";
import {
  base58check,
  isTronAddress,
  readAccountXpub,
  receivingChain,
  tronAddress,
  tronDepositAddress,
} from "../../server/contract/hd-address";
import { depositXpubBody } from "../../server/contract";

/**
 * Deposit addresses from the operator's xpub (server/contract/hd-address.ts), against the
 * standards' own published values: BIP-32's test vector 1 and TRON's address format.
 */

// BIP-32, test vector 1 (seed 000102030405060708090a0b0c0d0e0f), as the BIP publishes them
const V1 = {
  m0H1: {
    pub: "xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ",
    prv: "xprv9wTYmMFdV23N2TdNG573QoEsfRrWKQgWeibmLntzniatZvR9BmLnvSxqu53Kw1UmYPxLgboyZQaXwTCg8MSY3H2EU4pWcQDnRnrVA1xe8fs",
  },
  m0H12H: {
    pub: "xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5",
    prv: "xprv9z4pot5VBttmtdRTWfWQmoH1taj2axGVzFqSb8C9xaxKymcFzXBDptWmT7FwuEzG3ryjH4ktypQSAewRiNMjANTtpgP4mLTj34bhnZX7UiM",
  },
  m0H12H2: {
    pub: "xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV",
  },
  m0H12H21000000000: {
    pub: "xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy",
  },
};

/** secp256k1's generator G, uncompressed (SEC 2, 2.4.1): the public key of private key 1. */
const G =
  "0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8";
const hex = (text: string) => Uint8Array.from(text.match(/../g)!.map((b) => parseInt(b, 16)));
const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

describe("BIP-32 public derivation (test vector 1)", () => {
  it("derives m/0H/1/2H/2 and m/0H/1/2H/2/1000000000 from m/0H/1/2H's xpub alone", () => {
    const parent = HDKey.fromExtendedKey(V1.m0H12H.pub);
    expect(parent.privateKey).toBeNull();
    const child = parent.deriveChild(2);
    expect(child.publicExtendedKey).toBe(V1.m0H12H2.pub);
    expect(child.deriveChild(1_000_000_000).publicExtendedKey).toBe(V1.m0H12H21000000000.pub);
  });

  it("cannot take the hardened step m/0H/1 → m/0H/1/2H from m/0H/1's xpub: only the xprv can", () => {
    expect(() => HDKey.fromExtendedKey(V1.m0H1.pub).deriveChild(0x80000000 + 2)).toThrow();
    expect(HDKey.fromExtendedKey(V1.m0H1.prv).deriveChild(0x80000000 + 2).publicExtendedKey).toBe(V1.m0H12H.pub);
  });
});

describe("TRON's address format", () => {
  it("gives private key 1's public key (G) the address TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC, hex 41 7e5f…5bdf", () => {
    // 7e5f4552…395bdf is the well-known Ethereum address of private key 1 (keccak-256 of G without
    // 0x04, last 20 bytes); TRON puts 0x41 before the same 20 bytes
    expect(tronAddress(hex(G))).toBe("TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC");
    expect(toHex(base58check.decode("TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC"))).toBe(
      "417e5f4552091a69125d5dfcb7b8c2659029395bdf",
    );
    // the compressed form of the same key gives the same address
    expect(tronAddress(hex(`02${G.slice(2, 66)}`))).toBe("TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC");
  });

  it("decodes TRON's documented example to its documented hex form, and refuses a broken checksum", () => {
    // TRON's wallet-cli documentation, `encoding convert`
    expect(toHex(base58check.decode("TBhCfAytTEh52WFL6HYr64i2nmc3u3TCUp"))).toBe(
      "4112e94f5a3c88b17d2f6e0b9a45cd310f8e7a6d29",
    );
    expect(isTronAddress("TBhCfAytTEh52WFL6HYr64i2nmc3u3TCUp")).toBe(true);
    expect(isTronAddress("TBhCfAytTEh52WFL6HYr64i2nmc3u3TCUq")).toBe(false);
  });
});

describe("a member's address: xpub/0/i of the operator's account key", () => {
  // a throwaway root for this test: the account key m/44'/195'/0' and its xpub
  const root = HDKey.fromMasterSeed(hex("000102030405060708090a0b0c0d0e0f"));
  const account = root.derive("m/44'/195'/0'");

  it("is the TRON address of the key the wallet holds at m/44'/195'/0'/0/i, found from the xpub alone", () => {
    const read = readAccountXpub(account.publicExtendedKey);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const chain = receivingChain(read.key);
    for (const i of [0, 1, 2, 19, 20, 1000]) {
      const wallet = root.derive(`m/44'/195'/0'/0/${i}`);
      expect(tronDepositAddress(chain, i)).toBe(tronAddress(wallet.publicKey!));
    }
    expect(new Set([0, 1, 2, 3, 4].map((i) => tronDepositAddress(chain, i))).size).toBe(5);
    expect(() => tronDepositAddress(chain, 2 ** 31)).toThrow();
  });

  it("refuses an extended private key, even with a mistyped checksum, and never returns it", () => {
    for (const prv of [account.privateExtendedKey, V1.m0H12H.prv, `${V1.m0H12H.prv.slice(0, -1)}1`]) {
      expect(readAccountXpub(prv)).toEqual({ ok: false, code: "deposit_xprv_refused" });
    }
    // a private key whose version bytes claim "xpub" is still private: its key field starts with 0x00
    const bytes = base58check.decode(account.privateExtendedKey);
    bytes.set(base58check.decode(account.publicExtendedKey).subarray(0, 4), 0);
    const disguised = base58check.encode(bytes);
    expect(disguised.startsWith("xpub")).toBe(true);
    expect(readAccountXpub(disguised)).toEqual({ ok: false, code: "deposit_xprv_refused" });
    // the contract lets it through to the platform, which answers with the code above
    expect(depositXpubBody.safeParse({ xpub: account.privateExtendedKey }).success).toBe(true);
  });

  it("refuses an xpub of another level than the account's, a broken checksum, and text", () => {
    expect(readAccountXpub(V1.m0H1.pub)).toEqual({ ok: false, code: "deposit_xpub_invalid" }); // depth 2
    expect(readAccountXpub(root.derive("m/44'/195'/0'/0").publicExtendedKey)).toEqual({
      ok: false,
      code: "deposit_xpub_invalid",
    }); // depth 4
    expect(readAccountXpub(`${account.publicExtendedKey.slice(0, -1)}z`)).toEqual({
      ok: false,
      code: "deposit_xpub_invalid",
    });
    expect(readAccountXpub("hello")).toEqual({ ok: false, code: "deposit_xpub_invalid" });
  });
});
