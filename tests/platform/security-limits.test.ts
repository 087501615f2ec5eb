import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, FORGOT_LIMITS, MESSAGE_LIMITS } from "../../server/contract";
import { unique, type Platform, type TestMember } from "../helpers/platform";
import { stoppedClockPlatform } from "./center-helpers";
import { memberCall } from "./money-helpers";

/**
 * Flooding, on a stopped clock (CLOCK_ENTRY): forgotten-password requests, messages to customer
 * service (sign-in: security-signin.test.ts). The clock runs
 * a day behind the real one, so the member objects' alarms still fire at once.
 */
const SITE = "limits-a";
const OTHER_SITE = "limits-b";
const MINUTE = 60_000;
let platform: Platform;
let advance: (ms: number) => Promise<void>;

beforeAll(async () => {
  ({ platform, advance } = await stoppedClockPlatform(Date.now() - 24 * 60 * MINUTE));
  await platform.seedSite(SITE);
  await platform.seedSite(OTHER_SITE);
});
afterAll(() => platform.dispose());

let addressCounter = 0;
/** An address of a network no other test uses (TEST-NET-3, or a documentation IPv6 /64). */
const freshAddress = () => {
  addressCounter += 1;
  return addressCounter % 2 === 0 ? `203.0.113.${addressCounter}` : `2001:db8:${addressCounter.toString(16)}::1`;
};

describe("forgotten-password requests", () => {
  const forgotSend = (account: string, mobile: string, address?: string) =>
    platform.call("forgotSend", {
      body: { siteId: SITE, account, areaCode: "+886", mobile },
      headers: address ? { [CLIENT_ADDRESS_HEADER]: address } : {},
    });

  it("limits requests per account name alike whether or not the account exists, so the answer reveals nothing", async () => {
    const m = await platform.signupMember(SITE);
    for (const account of [m.account, "never-registered"]) {
      for (let i = 0; i < FORGOT_LIMITS.perAccountPerHour; i++) {
        // a new number each time, so the per-number limit (one a minute) is not what refuses
        expect((await forgotSend(account, unique().mobile, freshAddress())).envelope, `${account} ${i + 1}`).toEqual({
          statusCode: 200,
          message: "ok",
          data: null,
        });
      }
      const refused = await forgotSend(account.toUpperCase(), unique().mobile, freshAddress());
      expect(refused.status).toBe(429);
      expect(refused.envelope).toEqual({ statusCode: 429, message: "too_many_requests" });
    }
    await advance(60 * MINUTE);
    expect((await forgotSend(m.account, m.mobile)).envelope.statusCode).toBe(200);
  });

  it("limits requests per client address over any accounts; another address goes on", async () => {
    const address = freshAddress();
    for (let i = 0; i < FORGOT_LIMITS.perAddressPerHour; i++) {
      expect((await forgotSend(`seeker${i}x`, unique().mobile, address)).envelope.statusCode, `request ${i + 1}`).toBe(
        200,
      );
    }
    expect((await forgotSend("seeker-last", unique().mobile, address)).envelope).toEqual({
      statusCode: 429,
      message: "too_many_requests",
    });
    expect((await forgotSend("seeker-last", unique().mobile, freshAddress())).envelope.statusCode).toBe(200);
  });

  it("counts the addresses of one IPv6 /64 as one requester", async () => {
    const slash64 = "2001:db8:f0:9";
    for (let i = 1; i <= FORGOT_LIMITS.perAddressPerHour; i++) {
      expect(
        (await forgotSend(`prober${i}x`, unique().mobile, `${slash64}::${i.toString(16)}`)).envelope.statusCode,
        `request ${i}`,
      ).toBe(200);
    }
    expect((await forgotSend("prober-last", unique().mobile, `${slash64}:ab::cd`)).envelope).toEqual({
      statusCode: 429,
      message: "too_many_requests",
    });
  });
});

describe("messages to customer service", () => {
  const send = (m: TestMember, key?: string) =>
    memberCall(platform, m, "sendMessage", { body: { title: "Question", content: "Where is my deposit?" }, key });
  const total = async (m: TestMember) =>
    (await memberCall(platform, m, "messages", { query: {} })).envelope.data!.total;

  it("takes at most MESSAGE_LIMITS.perHour threads and replies an hour from a member; a replay still answers, the next hour takes more", async () => {
    const m = await platform.signupMember(SITE);
    const first = await send(m, "first-message-key");
    expect(first.envelope.statusCode).toBe(200);
    const threadId = first.envelope.data!.id;
    for (let i = 1; i < MESSAGE_LIMITS.perHour; i++) {
      const r =
        i % 2 === 0
          ? await send(m)
          : await memberCall(platform, m, "replyMessage", {
              params: { id: threadId },
              body: { content: `follow-up ${i}` },
            });
      expect(r.envelope.statusCode, `post ${i + 1}`).toBe(200);
    }
    const threadsBefore = await total(m);
    const refused = await send(m);
    expect(refused.status).toBe(429);
    expect(refused.envelope).toEqual({ statusCode: 429, message: "too_many_requests" });
    const refusedReply = await memberCall(platform, m, "replyMessage", {
      params: { id: threadId },
      body: { content: "one more" },
    });
    expect(refusedReply.envelope.message).toBe("too_many_requests");
    expect(await total(m)).toBe(threadsBefore);
    const thread = await memberCall(platform, m, "message", { params: { id: threadId } });
    expect(thread.envelope.data!.replies.some((r) => r.content === "one more")).toBe(false);

    // the same request again is not a new post: it answers what it answered
    const replayed = await send(m, "first-message-key");
    expect(replayed.envelope).toEqual(first.envelope);
    // another member is not held back by this one
    expect((await send(await platform.signupMember(SITE))).envelope.statusCode).toBe(200);

    await advance(60 * MINUTE);
    expect((await send(m)).envelope.statusCode).toBe(200);
  });
});
