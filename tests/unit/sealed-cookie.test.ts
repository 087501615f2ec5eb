import { describe, expect, it } from "vitest";
import { open, seal, sessionKeys } from "../../server/site/sealed-cookie";

const OLD = "old-session-secret-0123456789abcdefghijkl";
const NEW = "new-session-secret-0123456789abcdefghijkl";
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe("the session cookie's seal (server/site/sealed-cookie.ts)", () => {
  it("opens what it sealed, for the same site only", async () => {
    const keys = await sessionKeys([NEW]);
    const value = await seal('{"token":"abc"}', keys, "demo");
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await open(value, keys, "demo")).toBe('{"token":"abc"}');
    expect(await open(value, keys, "demo2")).toBeUndefined();
  });

  it("uses a fresh IV each time: the same content never seals to the same value", async () => {
    const keys = await sessionKeys([NEW]);
    const values = await Promise.all([1, 2, 3].map(() => seal("same", keys, "demo")));
    expect(new Set(values).size).toBe(3);
    expect(new Set(values.map((v) => v.slice(0, 16))).size, "the IV in front").toBe(3);
  });

  it("seals with the first secret and opens with any, so a roll keeps sessions and retiring a secret ends its cookies", async () => {
    const before = await seal("x", await sessionKeys([OLD]), "demo");
    const rolled = await sessionKeys([NEW, OLD]);
    expect(await open(before, rolled, "demo")).toBe("x");
    const after = await seal("y", rolled, "demo");
    expect(await open(after, await sessionKeys([NEW]), "demo")).toBe("y");
    expect(await open(after, await sessionKeys([OLD]), "demo")).toBeUndefined();
    expect(await open(after, await sessionKeys([OLD, NEW]), "demo")).toBe("y");
    expect(await open(before, await sessionKeys([NEW]), "demo")).toBeUndefined();
  });

  it("refuses any changed byte, a cut value and what is not base64url", async () => {
    const keys = await sessionKeys([NEW]);
    const value = await seal("content", keys, "demo");
    for (let at = 0; at < value.length; at += 7) {
      const changed = value.slice(0, at) + (value[at] === "A" ? "B" : "A") + value.slice(at + 1);
      expect(await open(changed, keys, "demo"), `character ${at}`).toBeUndefined();
    }
    expect(await open(value.slice(0, -4), keys, "demo")).toBeUndefined();
    expect(await open("", keys, "demo")).toBeUndefined();
    expect(await open("abc.def%2B", keys, "demo")).toBeUndefined();
  });

  it("refuses a changed last character at every length, though it may only touch spare bits", async () => {
    // base64url's last character carries 2 or 4 unused bits when the length is not a multiple of
    // 3: a lenient decoder reads "…A" and "…B" as the same bytes, so the value would open changed
    const keys = await sessionKeys([NEW]);
    for (let length = 1; length <= 6; length++) {
      const value = await seal("x".repeat(length), keys, "demo");
      const last = value.length - 1;
      // the lowest bit of the last character: a spare bit whenever the byte count is not a multiple of 3
      const changed = value.slice(0, last) + BASE64URL[BASE64URL.indexOf(value[last]!) ^ 1];
      expect(await open(changed, keys, "demo"), `plaintext of ${length}`).toBeUndefined();
    }
  });

  it("derives the keys once per secret list", async () => {
    expect(sessionKeys([NEW, OLD])).toBe(sessionKeys([NEW, OLD]));
    expect(sessionKeys([OLD, NEW])).not.toBe(sessionKeys([NEW, OLD]));
  });
});
