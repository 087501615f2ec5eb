/** A member's request as the member object's parts name it: who asks, and an idempotent request's key. */

export interface Who {
  memberId: string;
  account: string;
}
/** An idempotent request: the key from the Idempotency-Key header and a fingerprint of its parameters. */
export interface Idem {
  key: string;
  fingerprint: string;
}

/** The operation key of a member's idempotent request. */
export const requestKey = (key: string) => `request:${key}`;
