import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Platform, TestMember } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";
import { eventually, memberCall, memberIdOf } from "./money-helpers";

const SITE = "msg-site";
let platform: Platform;
beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite(SITE);
  await platform.seedSite("msg-other");
});
afterAll(() => platform.dispose());

const send = (m: TestMember, title: string, content = `${title} content`, key?: string) =>
  memberCall(platform, m, "sendMessage", { body: { title, content }, key });
const reply = (m: TestMember, id: string, content: string, key?: string) =>
  memberCall(platform, m, "replyMessage", { params: { id }, body: { content }, key });
const list = (m: TestMember, query: { page?: number; pageSize?: number } = {}) =>
  memberCall(platform, m, "messages", { query: query as never, key: null });
const open = (m: TestMember, id: string) => memberCall(platform, m, "message", { params: { id }, key: null });
const queue = async (status: "pending" | "all" = "pending") =>
  (await platform.operator("operatorMessages", { params: { siteId: SITE }, query: { status } })).envelope.data!;
const operatorReply = (m: TestMember, id: string, content: string, siteId = SITE) =>
  platform.operator("operatorReplyMessage", { params: { siteId, memberId: memberIdOf(m), id }, body: { content } });

describe("member messages", () => {
  it("opens a thread and lists threads newest activity first, paginated", async () => {
    const m = await platform.signupMember(SITE);
    const first = (await send(m, "First")).envelope.data!;
    expect(first).toMatchObject({
      title: "First",
      content: "First content",
      replies: [],
      unread: false,
      replyCount: 0,
    });
    const second = (await send(m, "Second")).envelope.data!;
    const third = (await send(m, "Third")).envelope.data!;
    // a reply makes the oldest thread the newest activity
    await reply(m, first.id, "Any news?");
    const all = (await list(m)).envelope.data!;
    expect(all.items.map((t) => t.id)).toEqual([first.id, third.id, second.id]);
    expect(all.total).toBe(3);
    const page2 = (await list(m, { page: 2, pageSize: 2 })).envelope.data!;
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((t) => t.id)).toEqual([second.id]);
  });

  it("replays a sendMessage with the same Idempotency-Key: one thread, the same answer", async () => {
    const m = await platform.signupMember(SITE);
    const key = randomUUID();
    const [a, b] = await Promise.all([send(m, "Once", "c", key), send(m, "Once", "c", key)]);
    expect(a.envelope.data!.id).toBe(b.envelope.data!.id);
    expect((await list(m)).envelope.data!.total).toBe(1);
    expect((await send(m, "Other", "c", key)).envelope).toEqual({ statusCode: 400, message: "idempotency_conflict" });
  });

  it("replays a replyMessage with the same Idempotency-Key: one reply", async () => {
    const m = await platform.signupMember(SITE);
    const { id } = (await send(m, "Thread")).envelope.data!;
    const key = randomUUID();
    await reply(m, id, "once", key);
    await reply(m, id, "once", key);
    expect((await open(m, id)).envelope.data!.replies).toHaveLength(1);
  });

  it("refuses an empty title or content with invalid_parameters", async () => {
    const m = await platform.signupMember(SITE);
    expect((await send(m, "   ", "c")).envelope).toEqual({ statusCode: 400, message: "invalid_parameters" });
    expect((await send(m, "t", "")).envelope).toEqual({ statusCode: 400, message: "invalid_parameters" });
  });

  it("never lets a member read or reply to another member's thread: message_not_found with 400, never 404", async () => {
    const owner = await platform.signupMember(SITE);
    const other = await platform.signupMember(SITE);
    const { id } = (await send(owner, "Private")).envelope.data!;
    for (const result of [await open(other, id), await reply(other, id, "let me in")]) {
      expect(result.status).toBe(400);
      expect(result.envelope).toEqual({ statusCode: 400, message: "message_not_found" });
    }
    expect((await open(owner, id)).envelope.data!.replies).toEqual([]);
    expect((await list(other)).envelope.data!.total).toBe(0);
    expect((await open(owner, "no-such-id")).envelope).toEqual({ statusCode: 400, message: "message_not_found" });
  });

  it("refuses a token without a live session with 402", async () => {
    const m = await platform.signupMember(SITE);
    await platform.call("signout", { token: m.token, siteId: SITE });
    expect((await list(m)).status).toBe(402);
    expect((await send(m, "x")).status).toBe(402);
  });
});

describe("operator replies", () => {
  it("queues a new thread as awaiting a reply; a reply moves it out and marks it unread for the member until opened", async () => {
    const m = await platform.signupMember(SITE);
    const { id } = (await send(m, "Withdrawal question", "When is it paid?")).envelope.data!;
    const queued = await eventually(async () => (await queue()).find((t) => t.id === id));
    expect(queued).toMatchObject({
      memberId: memberIdOf(m),
      account: m.account,
      title: "Withdrawal question",
      awaitingReply: true,
    });

    const seen = await platform.operator("operatorMessage", { params: { siteId: SITE, memberId: memberIdOf(m), id } });
    expect(seen.envelope.data).toMatchObject({ id, content: "When is it paid?" });

    const replied = await operatorReply(m, id, "Within one banking day.");
    expect(replied.envelope.data!.replies).toMatchObject([{ from: "operator", content: "Within one banking day." }]);
    expect((await queue()).some((t) => t.id === id)).toBe(false);
    expect((await queue("all")).find((t) => t.id === id)).toMatchObject({ awaitingReply: false, replyCount: 1 });

    expect((await list(m)).envelope.data!.items[0]).toMatchObject({ id, unread: true, replyCount: 1 });
    expect((await open(m, id)).envelope.data).toMatchObject({ unread: false, replies: [{ from: "operator" }] });
    expect((await list(m)).envelope.data!.items[0]).toMatchObject({ id, unread: false });

    // the member's answer puts it back in the queue
    await reply(m, id, "Thanks, and the fee?");
    const back = await eventually(async () => (await queue()).find((t) => t.id === id && t.replyCount === 2));
    expect(back.awaitingReply).toBe(true);
  });

  it("answers message_not_found for a thread of another site or an unknown id", async () => {
    const m = await platform.signupMember(SITE);
    const { id } = (await send(m, "Mine")).envelope.data!;
    expect((await operatorReply(m, id, "x", "msg-other")).envelope).toEqual({
      statusCode: 400,
      message: "message_not_found",
    });
    expect((await operatorReply(m, "no-such-id", "x")).envelope).toEqual({
      statusCode: 400,
      message: "message_not_found",
    });
    const read = await platform.operator("operatorMessage", {
      params: { siteId: "msg-other", memberId: memberIdOf(m), id },
    });
    expect(read.envelope).toEqual({ statusCode: 400, message: "message_not_found" });
    expect((await open(m, id)).envelope.data!.replies).toEqual([]);
  });
});
