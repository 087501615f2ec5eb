import type { CallName } from "../../contract";
import { sha256Hex } from "../crypto";
import type { Idem } from "../member/money";

type Input = { params: Record<string, unknown>; body: Record<string, unknown> };

/**
 * What makes two requests with one Idempotency-Key "the same request", per call: the parameters
 * of the intent, never a secret (none is ever stored). A call not listed here is the same request
 * when its body is the same. The router computes it once (intentOf) and hands it to the handler.
 */
const SAME_REQUEST: Partial<Record<CallName, (input: Input) => unknown>> = {
  // the amount alone: the transaction password is checked, not stored
  withdraw: ({ body }) => ({ amount: body.amount }),
  // by its key alone: both passwords are secrets
  changeTransactionPassword: () => ({}),
  // by account and code: the new password is a secret; accounts compare without letter case
  forgotReset: ({ body }) => ({ account: String(body.account).toLowerCase(), code: body.code }),
  replyMessage: ({ params, body }) => ({ id: params.id, ...body }),
  closePosition: ({ params, body }) => ({ id: params.id, ...body }),
  joinCampaign: ({ params }) => ({ key: params.key }),
};

/**
 * The calls whose member-object method keeps a success as the key's answer itself, in the
 * transaction that does the work: the router need not keep it again (it only would find it kept).
 */
export const KEEPS_ITS_SUCCESS: ReadonlySet<CallName> = new Set<CallName>([
  "deposit",
  "transfer",
  "withdraw",
  "bankApply",
  "placeOrder",
  "openPosition",
  "sendMessage",
  "replyMessage",
  "changeTransactionPassword",
  "smsSend",
  "resetPractice",
  "startBreak",
]);

/** The request's intent: its (mode-scoped) key and the fingerprint of what makes it the same request. */
export async function intentOf(call: CallName, key: string, params: unknown, body: unknown): Promise<Idem> {
  const input: Input = {
    params: (params ?? {}) as Record<string, unknown>,
    body: (body ?? {}) as Record<string, unknown>,
  };
  const parameters = SAME_REQUEST[call]?.(input) ?? body ?? null;
  return { key, fingerprint: await sha256Hex(JSON.stringify([call, parameters])) };
}
