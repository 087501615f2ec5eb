import type { MessageCode } from "../../contract";
import type { AccountMode } from "#rules/account-mode";
import { practiceRefused } from "../member/practice";
import { badRequest, type Failure } from "../result";
import type { MemberContext } from "./types";

/**
 * A money call in practice mode (deposit, transfer, withdraw, joinCampaign): refused before it
 * reads or changes anything, so play money can never reach or come from real balances. The
 * session is checked first, so an ended session still answers as it does everywhere (402).
 * Null: the call is in real mode and goes on.
 */
export async function refusedInPractice(member: MemberContext): Promise<Failure | null> {
  if (member.mode !== "practice") return null;
  const live = await member.stub.verify(member.proof);
  return live.ok ? practiceRefused() : live;
}

/** A refusal for the caller's mode, answered only to a live session (an ended one answers 402, as everywhere). */
export async function refusedForMode(member: MemberContext, code: MessageCode): Promise<Failure> {
  const live = await member.stub.verify(member.proof);
  return live.ok ? badRequest(code) : live;
}

/**
 * The idempotency key a member's request is stored under (server/platform/README.md, "Practice
 * account"): a key sent in practice and the same key sent in real money are two intents, never a
 * replay of each other nor a conflict. Real keys are stored as sent, so keys stored before this
 * rule still replay; practice keys get a prefix ending in a space, which a key sent in the header
 * never holds (8–128 printable characters, no space), so no real key can equal a practice one.
 * Every place that stores or compares a key (operations, open intents, the bet and open in flight)
 * sees the scoped key only.
 */
export function modeScopedKey(key: string, mode: AccountMode): string {
  return mode === "practice" ? `practice ${key}` : key;
}
