import type { FailureData, MessageCode } from "../contract";

/** Errors are values: every handler and object method returns one of these. */
/**
 * `data`: what a refusal's code cannot say alone (FailureData: server/contract/README.md, "The
 * envelope"), e.g. the colour pairs below WCAG AA, or the turnover a locked bonus still needs.
 */
export type Failure = { ok: false; statusCode: number; message: MessageCode; data?: FailureData };
export type Success<T> = { ok: true; data: T };
export type Result<T> = Success<T> | Failure;

export const ok = <T>(data: T): Success<T> => ({ ok: true, data });
export const fail = (statusCode: number, message: MessageCode, problems?: string[]): Failure =>
  problems ? { ok: false, statusCode, message, data: { problems } } : { ok: false, statusCode, message };
/** A refusal that carries a figure (FailureData.amount), e.g. bonus_locked's turnover still needed. */
export const failWithAmount = (statusCode: number, message: MessageCode, amount: number): Failure => ({
  ok: false,
  statusCode,
  message,
  data: { amount },
});
export const badRequest = (message: MessageCode): Failure => fail(400, message);
