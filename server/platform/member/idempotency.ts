import type { SessionProof } from "../auth/token";
import type { Result } from "../result";
import { keepAnswer as keep, replay } from "./ledger";
import type { MemberState } from "./member-state";
import * as money from "./money";

/** An idempotent request's key as the router asks about it, before and after the handler (contract/idempotency.ts). */

/**
 * The stored answer of an idempotent request made before (null: a new request), asked before
 * work done outside the object that a retry must not repeat (an SMS sent, a password verified
 * against a hash the first request replaced).
 */
export function replayed(m: MemberState, proof: SessionProof, idem: money.Idem): Result<unknown> | null {
  return m.asMember(proof, () => {
    return m.ctx.storage.transactionSync(() => replay(m.sql, money.requestKey(idem.key), idem.fingerprint));
  });
}

/**
 * The key's answer for good (contract/idempotency.ts), asked by the router once a call has
 * answered: `answer` is kept unless a copy of the request kept one first, and the kept one is
 * returned. A refusal made before the member's own transaction (the site's rules, a password,
 * the market) is so the key's answer as much as one made inside it.
 */
export function keepAnswer(
  m: MemberState,
  proof: SessionProof,
  idem: money.Idem,
  call: string,
  answer: Result<unknown>,
): Result<unknown> {
  return m.asMember(proof, () =>
    m.ctx.storage.transactionSync(() =>
      keep(
        m.sql,
        { key: money.requestKey(idem.key), call, fingerprint: idem.fingerprint, now: new Date().toISOString() },
        answer,
      ),
    ),
  );
}
