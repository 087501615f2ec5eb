import type { MessageCode } from "../contract";

/** Errors are values: every handler and object method returns one of these. */
/**
 * `problems`: what exactly is wrong, for the one refusal whose code cannot say it alone
 * (theme_contrast_too_low: each colour pair below WCAG AA; server/contract/README.md, "The envelope").
 */
export type Failure = { ok: false; statusCode: number; message: MessageCode; data?: { problems: string[] } };
export type Success<T> = { ok: true; data: T };
export type Result<T> = Success<T> | Failure;

export const ok = <T>(data: T): Success<T> => ({ ok: true, data });
export const fail = (statusCode: number, message: MessageCode, problems?: string[]): Failure =>
  problems ? { ok: false, statusCode, message, data: { problems } } : { ok: false, statusCode, message };
export const badRequest = (message: MessageCode): Failure => fail(400, message);
