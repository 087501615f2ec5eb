import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatform, type Platform } from "../helpers/platform";
import { sendCode, verifyCode } from "./center-helpers";
import { eventually } from "./money-helpers";

/** A stand-in SMS gateway: records what it receives and answers with the status the test sets. */
interface Received {
  authorization: string | undefined;
  contentType: string | undefined;
  body: { to: string; text: string };
}
const received: Received[] = [];
let answer = 200;
/** While set, the gateway answers nothing until it resolves. */
let held: Promise<void> | null = null;
/** Called when a text reaches the gateway. */
let arrived: (() => void) | null = null;
/** Requests whose sender closed the connection before the gateway answered. */
let abandoned = 0;
let server: Server;
let platform: Platform;
const SITE = "sms-http";
const KEY = "gateway-test-key";

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => {
      received.push({
        authorization: request.headers.authorization,
        contentType: request.headers["content-type"],
        body: JSON.parse(text) as Received["body"],
      });
      const status = answer;
      arrived?.();
      // a held gateway answers when the test lets it; a sender that gave up meanwhile closes the connection
      response.on("close", () => {
        if (!response.writableEnded) abandoned += 1;
      });
      void (held ?? Promise.resolve()).then(() =>
        response.writeHead(status, { "Content-Type": "application/json" }).end("{}"),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  platform = await createPlatform({
    bindings: { SMS_PROVIDER: "http", SMS_PROVIDER_URL: `http://127.0.0.1:${port}/send`, SMS_PROVIDER_KEY: KEY },
  });
  await platform.seedSite(SITE, { title: "Gateway Site", defaultLanguage: "zh_TW" });
});
afterAll(async () => {
  await platform.dispose();
  await new Promise((resolve) => server.close(resolve));
});

const codeIn = (text: string) => text.match(/\b(\d{6})\b/)![1]!;

describe("the HTTP SMS provider", () => {
  it("posts {to, text} as JSON with the bearer key; the text carries a code that verifies the mobile", async () => {
    answer = 200;
    const m = await platform.signupMember(SITE);
    const before = received.length;
    expect((await sendCode(platform, m)).envelope.statusCode).toBe(200);
    expect(received).toHaveLength(before + 1);
    const request = received.at(-1)!;
    expect(request.authorization).toBe(`Bearer ${KEY}`);
    expect(request.contentType).toMatch(/^application\/json/);
    expect(request.body.to).toBe(`+886${m.mobile.slice(1)}`);
    // the site's default language and title
    expect(request.body.text).toContain("Gateway Site");
    expect(request.body.text).toContain("驗證碼");
    expect((await verifyCode(platform, m, codeIn(request.body.text))).envelope.data!.mobileVerified).toBe(true);
    // nothing in the log: the log provider is not in use
    expect((await platform.operator("operatorSmsLog", { params: { siteId: SITE }, query: {} })).envelope.data).toEqual(
      [],
    );
  });

  it("answers sms_service_error when the gateway fails, and the failed send costs none of the member's quota", async () => {
    const m = await platform.signupMember(SITE);
    answer = 500;
    for (let i = 0; i < 6; i++) {
      expect((await sendCode(platform, m)).envelope, `failed send ${i + 1}`).toEqual({
        statusCode: 400,
        message: "sms_service_error",
      });
    }
    answer = 200;
    // neither the one-a-minute rule nor the day's five were touched by the six failures
    const { envelope } = await sendCode(platform, m);
    expect(envelope.statusCode).toBe(200);
    expect(envelope.data!.remainingToday).toBe(4);
  });

  it("answers sms_service_error when the gateway cannot be reached", async () => {
    const unreachable = await createPlatform({
      bindings: { SMS_PROVIDER: "http", SMS_PROVIDER_URL: "http://127.0.0.1:9/send", SMS_PROVIDER_KEY: KEY },
    });
    try {
      await unreachable.seedSite(SITE);
      const m = await unreachable.signupMember(SITE);
      expect((await sendCode(unreachable, m)).envelope).toEqual({ statusCode: 400, message: "sms_service_error" });
    } finally {
      await unreachable.dispose();
    }
  });

  it("keeps a forgotten-password request's answer at 200 when the gateway fails, revealing nothing", async () => {
    const m = await platform.signupMember(SITE);
    answer = 500;
    const body = { siteId: SITE, account: m.account, areaCode: m.areaCode, mobile: m.mobile };
    expect((await platform.call("forgotSend", { body })).envelope).toEqual({
      statusCode: 200,
      message: "ok",
      data: null,
    });
    // the text goes out after the answer: wait until the gateway has refused it
    await eventually(async () => received.some((r) => r.body.to === `+886${m.mobile.slice(1)}`));
    answer = 200;
    // the member's own allowance was given back (once the failed send is settled)
    const again = await eventually(async () => {
      const { envelope } = await sendCode(platform, m);
      return envelope.statusCode === 200 ? envelope : null;
    });
    expect(again.data!.remainingToday).toBe(4);
  });

  it("answers a forgotten-password request that matches while the gateway still holds its text (the text never delays the answer)", async () => {
    const m = await platform.signupMember(SITE);
    answer = 200;
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const abandonedBefore = abandoned;
    try {
      const body = { siteId: SITE, account: m.account, areaCode: m.areaCode, mobile: m.mobile };
      const answered = await platform.call("forgotSend", { body });
      expect(answered.envelope).toEqual({ statusCode: 200, message: "ok", data: null });
      // the answer came while the gateway held the text: it was not sent and then waited for
      // (before, the answer came only once the provider gave up on the held request, 10 s later)
      await reached;
      expect(abandoned).toBe(abandonedBefore);
    } finally {
      held = null;
      arrived = null;
      release();
    }
    // and the text did go out: its code resets the password
    const text = received.at(-1)!.body;
    expect(text.to).toBe(`+886${m.mobile.slice(1)}`);
    const reset = await platform.call("forgotReset", {
      body: { siteId: SITE, account: m.account, code: codeIn(text.text), newPassword: "reset-by-gateway-1" },
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(reset.envelope.statusCode, reset.envelope.message).toBe(200);
  }, 20_000);
});
