import type { MessageThread } from "../../contract";
import type { SessionProof } from "../auth/token";
import type { OperatorMessage } from "../money/queue";
import { fail, ok, type Result } from "../result";
import * as center from "./center";
import type { MemberState } from "./member-state";
import type * as money from "./money";

/** The member's messages to customer service as the calls reach them (the threads: center.ts), and an operator's replies. */

export function listMessages(m: MemberState, proof: SessionProof, q: money.PageQuery) {
  return m.asMember(proof, () => ok(center.listMessages(m.sql, q)));
}

export function sendMessage(
  m: MemberState,
  proof: SessionProof,
  idem: money.Idem,
  body: { title: string; content: string },
): Result<MessageThread> {
  return m.asMember(proof, (member) => {
    const now = new Date().toISOString();
    return m.atomically(() => center.sendMessage(m.sql, m.who(member), idem, body, now));
  });
}

/** Only this member's own threads exist here: any other id is `message_not_found` (400, never 404). */
export function readMessage(m: MemberState, proof: SessionProof, id: string): Result<MessageThread> {
  return m.asMember(proof, () => {
    return m.ctx.storage.transactionSync(() => center.readMessage(m.sql, id));
  });
}

export function replyMessage(
  m: MemberState,
  proof: SessionProof,
  idem: money.Idem,
  id: string,
  body: { content: string },
): Result<MessageThread> {
  return m.asMember(proof, (member) => {
    const now = new Date().toISOString();
    return m.atomically(() => center.replyMessage(m.sql, m.who(member), idem, id, body, now));
  });
}

export function operatorMessage(m: MemberState, siteId: string, id: string): Result<MessageThread> {
  const member = m.memberOf(siteId);
  return member.ok ? center.thread(m.sql, id) : fail(400, "message_not_found");
}

export function operatorReply(
  m: MemberState,
  siteId: string,
  id: string,
  content: string,
): Result<{ thread: MessageThread; queued: money.Decided<OperatorMessage> }> {
  const member = m.memberOf(siteId);
  if (!member.ok) return fail(400, "message_not_found");
  const now = new Date().toISOString();
  return m.atomically(() => center.operatorReply(m.sql, m.who(member.data), id, content, now));
}
