import type { z } from "zod";
import type { CALLS, CallData, CallName } from "../../contract";
import type { SessionProof } from "../auth/token";
import type { Env } from "../env";
import type { MemberObject } from "../member/member-object";
import type { Idem } from "../member/money";
import type { Result } from "../result";
import type { AccountMode } from "#rules/account-mode";
import type { OperatorIdentity } from "../operators/registry";

type Spec<N extends CallName> = (typeof CALLS)[N];
type Out<T> = T extends z.ZodTypeAny ? z.output<T> : undefined;

/** The member a request's token names; its session is checked by the member object itself. */
export interface MemberContext {
  siteId: string;
  memberId: string;
  proof: SessionProof;
  stub: DurableObjectStub<MemberObject>;
  /** the money the call plays with (ACCOUNT_MODE_HEADER; absent = real): only the calls that care read it */
  mode: AccountMode;
}

/** The operator a key names (the registry's, or the owner's), and who Access says is there. */
export interface OperatorContext extends OperatorIdentity {
  /** the verified Access token's email; null in development */
  accessEmail: string | null;
}

/**
 * The member an operator call touched, as its handler learned it (a document's owner, a queue
 * item's member), for the audit entry; filled even when the call is refused after the lookup.
 */
export interface Touched {
  memberId?: string;
  account?: string;
}

/** What the router hands a handler: inputs already validated against the call's schemas. */
export interface CallInput<N extends CallName> {
  env: Env;
  params: Out<Spec<N> extends { params: infer P } ? P : undefined>;
  query: Out<Spec<N> extends { query: infer Q } ? Q : undefined>;
  body: Out<Spec<N> extends { body: infer B } ? B : undefined>;
  member: Spec<N>["auth"] extends "member" ? MemberContext : null;
  operator: Spec<N>["auth"] extends "operator" ? OperatorContext : null;
  /** what an operator call touched, for its audit entry (written by the handler) */
  touched: Touched;
  /**
   * An idempotent call's intent: its Idempotency-Key (scoped to the member's mode) and what makes
   * a request with it the same request (handlers/idempotency.ts). The router has answered a key
   * with a stored answer before the handler runs, and keeps the handler's answer after it.
   */
  intent: Spec<N> extends { idempotent: true } ? Idem : undefined;
  /**
   * The browser's address as the site forwarded it (X-Client-Address), or null. Trusted because
   * only the site reaches the platform; it keys the per-address limits and the audit log.
   */
  clientAddress: string | null;
  /** the multipart `file` field; null when the request has none */
  file: Spec<N> extends { multipart: true } ? File | null : undefined;
  /** work that goes on after the answer (ExecutionContext.waitUntil), e.g. a text that must not delay it */
  waitUntil: (work: Promise<unknown>) => void;
}

/** What a `raw` call answers on success: bytes, not an envelope. */
export interface RawFile {
  body: ReadableStream | ArrayBuffer;
  contentType: string;
  size?: number;
}

export type Handler<N extends CallName> = (input: CallInput<N>) => Promise<Result<CallData<N>>>;
export type Handlers = { [N in CallName]: Handler<N> };
