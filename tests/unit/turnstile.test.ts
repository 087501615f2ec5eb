import { describe, expect, it, vi } from "vitest";
import {
  isTurnstileTestKey,
  TURNSTILE_FAILING_SECRET,
  TURNSTILE_TEST_ANSWER,
  TURNSTILE_TEST_SECRET,
  TURNSTILE_TEST_SITE_KEY,
} from "../../server/contract";
import { SITEVERIFY_URL, turnstileSecret, verifyTurnstile } from "../../server/platform/auth/turnstile";

/** The platform's check of a challenge answer (server/platform/auth/turnstile.ts); no test reaches the internet. */
describe("the challenge answer", () => {
  it("with a real secret, is posted to siteverify with the secret, the answer and the client address, and passes only on success: true", async () => {
    const sent: { url: string; form: FormData }[] = [];
    const answering = (body: unknown, status = 200) =>
      vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
        sent.push({ url: String(url), form: init!.body as FormData });
        return Response.json(body, { status });
      }) as unknown as typeof fetch;
    const config = (send: typeof fetch) => ({ secret: "0x4AAAAAAAB1c2d3e4f5g6h7i8j9k0l1m2n3", fetch: send });
    expect(await verifyTurnstile("answer-1", "2001:db8::1", config(answering({ success: true })))).toBe(true);
    expect(sent[0]!.url).toBe(SITEVERIFY_URL);
    expect(Object.fromEntries(sent[0]!.form.entries())).toEqual({
      secret: "0x4AAAAAAAB1c2d3e4f5g6h7i8j9k0l1m2n3",
      response: "answer-1",
      remoteip: "2001:db8::1",
    });
    expect(
      await verifyTurnstile(
        "answer-2",
        null,
        config(answering({ success: false, "error-codes": ["timeout-or-duplicate"] })),
      ),
    ).toBe(false);
    expect(await verifyTurnstile("answer-3", null, config(answering({ success: "true" })))).toBe(false);
    expect(await verifyTurnstile("answer-4", null, config(answering({ success: true }, 500)))).toBe(false);
    const failing = vi.fn(async () => {
      throw new Error("network down");
    }) as unknown as typeof fetch;
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await verifyTurnstile("answer-5", null, config(failing))).toBe(false);
  });

  it("with Cloudflare's test secrets, is answered here without a fetch: the passing one takes only the test widget's answer", async () => {
    const fetch = vi.fn() as unknown as typeof globalThis.fetch;
    expect(await verifyTurnstile(TURNSTILE_TEST_ANSWER, null, { secret: TURNSTILE_TEST_SECRET, fetch })).toBe(true);
    expect(await verifyTurnstile("not-the-answer", null, { secret: TURNSTILE_TEST_SECRET, fetch })).toBe(false);
    expect(await verifyTurnstile(TURNSTILE_TEST_ANSWER, null, { secret: TURNSTILE_FAILING_SECRET, fetch })).toBe(false);
    expect(await verifyTurnstile(TURNSTILE_TEST_ANSWER, null, { secret: "", fetch })).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("uses the test secret in development when none is set, and none in production", () => {
    expect(turnstileSecret({ ENVIRONMENT: "development" })).toBe(TURNSTILE_TEST_SECRET);
    expect(turnstileSecret({ ENVIRONMENT: "production" })).toBe("");
    expect(turnstileSecret({})).toBe("");
    expect(turnstileSecret({ ENVIRONMENT: "development", TURNSTILE_SECRET_KEY: "0x4real" })).toBe("0x4real");
  });

  it("recognises every published test key, site or secret, and no real one", () => {
    for (const key of [
      TURNSTILE_TEST_SITE_KEY,
      "2x00000000000000000000AB",
      "1x00000000000000000000BB",
      "3x00000000000000000000FF",
      TURNSTILE_TEST_SECRET,
      TURNSTILE_FAILING_SECRET,
      "3x0000000000000000000000000000000AA",
    ]) {
      expect(isTurnstileTestKey(key), key).toBe(true);
    }
    expect(isTurnstileTestKey("0x4AAAAAAAB1c2d3e4f5g6h7")).toBe(false);
  });
});
