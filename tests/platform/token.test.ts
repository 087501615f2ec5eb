import { describe, expect, it } from "vitest";
import { decodeCredential, encodeCredential, newId, newSecret } from "../../server/platform/auth/token";
import { isSessionLive, SESSION_MS, expiryFrom } from "../../server/platform/member/session";

describe("session tokens", () => {
  const credential = { siteId: "demo", memberId: crypto.randomUUID(), id: newId(), secret: newSecret() };

  it("encode site, member, session and secret and decode back to the same values", () => {
    const token = encodeCredential(credential);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCredential(token)).toEqual(credential);
  });

  it("decode garbled or tampered tokens to null", () => {
    const token = encodeCredential(credential);
    expect(decodeCredential("not a token")).toBeNull();
    expect(decodeCredential(`${token}!`)).toBeNull();
    expect(decodeCredential(Buffer.from("demo.only-three.parts").toString("base64url"))).toBeNull();
    expect(decodeCredential(Buffer.from("demo.a.b.c.d").toString("base64url"))).toBeNull();
    expect(decodeCredential("x".repeat(500))).toBeNull();
  });

  it("carry 256 bits of secret, different for every session", () => {
    expect(newSecret()).not.toBe(newSecret());
    expect(Buffer.from(newSecret(), "base64url")).toHaveLength(32);
  });
});

describe("session lifetime", () => {
  const now = new Date("2025-06-01T12:00:00.000Z");

  it("lasts 7 days from sign-in", () => {
    expect(SESSION_MS).toBe(7 * 24 * 60 * 60 * 1000);
    const row = { expires_at: expiryFrom(now, SESSION_MS), revoked_at: null };
    expect(isSessionLive(row, new Date(now.getTime() + SESSION_MS - 1))).toBe(true);
    expect(isSessionLive(row, new Date(now.getTime() + SESSION_MS))).toBe(false);
  });

  it("ends at once when revoked", () => {
    const row = { expires_at: expiryFrom(now, SESSION_MS), revoked_at: now.toISOString() };
    expect(isSessionLive(row, now)).toBe(false);
  });
});
