import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { QUICKNET, beaconTickMessage, chainIsGenuine, roundBytes, roundOf, roundTime } from "#rules/beacon";
import { localBeaconKey, randomnessOf, signRound, verifyRound } from "../../server/contract/beacon-signature";
import { slotAt } from "../../server/platform/game/schedule";
import { roundFor, roundSignatureOk, tickDigest } from "../../server/cli/verify-period.mjs";

/**
 * The beacon's signature check and round rule (decision 031). The quicknet rounds below are real:
 * rounds 2 and 3 of drand's quicknet as api.drand.sh/<chain hash>/public/<round> served them,
 * recorded in ChainSafe/forest's src/beacon/signatures/tests.rs (commit 734b117c). Both
 * implementations (the platform's and the browser's, server/contract/beacon-signature.ts; the
 * standalone script's, verify-period.mjs) must accept them and refuse anything else.
 */
const RECORDED = [
  {
    round: 2,
    signature: "b6b6a585449b66eb12e875b64fcbab3799861a00e4dbf092d99e969a5eac57dd3f798acf61e705fe4f093db926626807",
  },
  {
    round: 3,
    signature: "b3fab6df720b68cc47175f2c777e86d84187caab5770906f515ff1099cb01e4deaa027075d860823e49477b93c72bd64",
  },
];
const flip = (hex: string, at: number) => hex.slice(0, at) + (hex[at] === "0" ? "1" : "0") + hex.slice(at + 1);

describe("drand quicknet's recorded rounds", () => {
  it("verify against quicknet's public key, in both implementations", () => {
    for (const { round, signature } of RECORDED) {
      expect(verifyRound(QUICKNET, round, signature), `round ${round}`).toBe(true);
      expect(roundSignatureOk(QUICKNET.publicKey, round, signature), `round ${round}`).toBe(true);
    }
  });
  it("refuse a signature under another round, with one digit changed, or under another key", () => {
    const [two, three] = RECORDED;
    const local = localBeaconKey("any secret").chain;
    expect(verifyRound(QUICKNET, 2, three!.signature)).toBe(false);
    expect(roundSignatureOk(QUICKNET.publicKey, 3, two!.signature)).toBe(false);
    expect(verifyRound(QUICKNET, 2, flip(two!.signature, 50))).toBe(false);
    expect(roundSignatureOk(QUICKNET.publicKey, 2, flip(two!.signature, 50))).toBe(false);
    expect(verifyRound(local, 2, two!.signature)).toBe(false);
    expect(verifyRound(QUICKNET, 2, "zz")).toBe(false);
  });
  it("give as randomness SHA-256 of the signature, and sign SHA-256 of the round as 8 big-endian bytes", () => {
    const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
    expect(randomnessOf(RECORDED[0]!.signature)).toBe(sha(Buffer.from(RECORDED[0]!.signature, "hex")));
    expect([...roundBytes(258)]).toEqual([0, 0, 0, 0, 0, 0, 1, 2]);
  });
});

describe("the local beacon", () => {
  it("signs in drand's format with its own key, which no quicknet check accepts", () => {
    const { secretKey, chain } = localBeaconKey("development secret");
    const signature = signRound(secretKey, 1_000_000);
    expect(signature).toMatch(/^[0-9a-f]{96}$/);
    expect(chain.publicKey).toMatch(/^[0-9a-f]{192}$/);
    expect(verifyRound(chain, 1_000_000, signature)).toBe(true);
    expect(roundSignatureOk(chain.publicKey, 1_000_000, signature)).toBe(true);
    expect(verifyRound(chain, 1_000_001, signature)).toBe(false);
    expect(verifyRound(QUICKNET, 1_000_000, signature)).toBe(false);
    // another secret, another key
    expect(localBeaconKey("other secret").chain.publicKey).not.toBe(chain.publicKey);
  });
  it("cannot pass for drand: a chain claiming quicknet must carry quicknet's key and clock", () => {
    const { chain } = localBeaconKey("development secret");
    expect(chainIsGenuine(QUICKNET)).toBe(true);
    expect(chainIsGenuine(chain)).toBe(true);
    expect(chainIsGenuine({ ...chain, kind: "drand-quicknet" })).toBe(false);
    expect(chainIsGenuine({ ...QUICKNET, period: 1 })).toBe(false);
  });
});

describe("which round a tick mixes in", () => {
  it("is the first published at or after the tick's second, in both implementations", () => {
    for (let second = QUICKNET.genesis - 5; second < QUICKNET.genesis + 40; second++) {
      const round = roundOf(second, QUICKNET);
      expect(roundFor(second, QUICKNET)).toBe(round);
      if (second > QUICKNET.genesis) {
        expect(roundTime(round, QUICKNET)).toBeGreaterThanOrEqual(second);
        expect(roundTime(round - 1, QUICKNET)).toBeLessThan(second);
      }
    }
  });
  it("is published after the cut-off for every tick that decides a period, at every schedule", () => {
    const day = 1_796_083_200;
    for (const periodSeconds of [5, 6, 60, 300]) {
      for (const cutoffSeconds of [1, 2, 10]) {
        for (let t = day; t < day + 4 * periodSeconds; t += periodSeconds) {
          const slot = slotAt(t, periodSeconds, cutoffSeconds);
          for (let s = slot.start + 1; s <= slot.end; s++) {
            expect(roundTime(roundOf(s, QUICKNET), QUICKNET)).toBeGreaterThan(slot.cutoff);
          }
        }
      }
    }
  });
});

describe("the walk-2 tick message", () => {
  it("is walk-1's message and the round's randomness, and both implementations hash it alike", () => {
    const seed = Buffer.alloc(32, 7);
    const randomness = randomnessOf(RECORDED[1]!.signature);
    const message = beaconTickMessage("BTC-USDT", 20_781, 0, randomness);
    expect(message).toBe(`BTC-USDT|2026-11-24|0|${randomness}`);
    const second = 20_781 * 86_400 + 1;
    // node's HMAC over the message's bytes as a third opinion
    const expected = createHmac("sha256", seed).update(message, "ascii").digest("hex");
    expect(tickDigest(seed, "BTC-USDT", second, randomness).toString("hex")).toBe(expected);
    // without the round it is another digest: the seed alone does not give the tick
    expect(tickDigest(seed, "BTC-USDT", second).toString("hex")).not.toBe(expected);
  });
});
