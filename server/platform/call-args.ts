/**
 * A call's own parameters: those of the function that does it, after the object's state that
 * function takes first. The Durable Objects route each call so (member-object.ts,
 * market-object.ts), and the parameters are written once, where the work is.
 */
export type CallArgs<F> = F extends (state: never, ...args: infer A) => unknown ? A : never;
