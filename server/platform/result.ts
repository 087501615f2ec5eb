import type { MessageCode } from "../contract";

/** Errors are values: every handler and object method returns one of these. */
export type Failure = { ok: false; statusCode: number; message: MessageCode };
export type Success<T> = { ok: true; data: T };
export type Result<T> = Success<T> | Failure;

export const ok = <T>(data: T): Success<T> => ({ ok: true, data });
export const fail = (statusCode: number, message: MessageCode): Failure => ({ ok: false, statusCode, message });
export const badRequest = (message: MessageCode): Failure => fail(400, message);
