/**
 * Money of one member. Every function of these modules is synchronous and runs inside the member
 * object's `transactionSync`: the replay check, the business checks, the state change, the ledger
 * postings and the outbox row commit together, and no other request can run in between. One idea
 * a file: deposits.ts, transfers.ts, withdrawals.ts, bank.ts, uploads.ts; what they share is in
 * requests.ts (who asks, idempotency keys), pages.ts (lists) and outbox.ts (the operator queue).
 * This module gathers them, as the member object and the handlers import money as one.
 */

export * from "./bank";
export * from "./deposits";
export * from "./outbox";
export * from "./pages";
export * from "./requests";
export * from "./transfers";
export * from "./uploads";
export * from "./withdrawals";
