import { practiceRefused } from "../member/practice";
import type { Failure } from "../result";
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
