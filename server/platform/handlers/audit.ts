import type { CallName } from "../../contract";
import { auditEvent, type AuditDetails } from "../audit";
import type { Env } from "../env";
import { ok, type Result } from "../result";
import { siteStub } from "../stubs";
import type { Handler } from "./types";

/** The site's audit log, newest first; there is no call that changes or deletes an entry. */
export const operatorAudit: Handler<"operatorAudit"> = async ({ env, params, query }) =>
  ok(await siteStub(env, params.siteId).auditLog(query));

/** Operator calls that only list a queue (or the log itself): reading a list is not an action. */
const LISTS: ReadonlySet<CallName> = new Set<CallName>([
  "operatorDeposits",
  "operatorWithdrawals",
  "operatorBankApplications",
  "operatorMessages",
  "operatorAudit",
  // where an option's addresses come from and who holds which: a list, as the queues are
  "operatorDepositAddresses",
]);

/** Body fields worth keeping in the log: what was decided and why, or what was published where. */
const BODY_FIELDS = ["reason", "lang", "title", "path", "type", "link"] as const;

/** The member an action concerned, from its path or (a decision on a queue item) from its answer. */
function memberOf(params: Record<string, string>, result: Result<unknown>): { account?: string; memberId?: string } {
  const data = result.ok && result.data && typeof result.data === "object" ? (result.data as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return { account: text(data.account), memberId: text(data.memberId) ?? params.memberId };
}

/**
 * Logs an operator call on a site, refused or not: every change, and every read of one member's
 * data (a document, a thread, the SMS log). The operator key names no person, so the actor is
 * "operator". Pair configuration is platform-wide and belongs to no site's log.
 */
export async function logOperatorAction(
  env: Env,
  name: CallName,
  params: unknown,
  body: unknown,
  result: Result<unknown>,
): Promise<void> {
  if (LISTS.has(name) || !params || typeof params !== "object" || !("siteId" in params)) return;
  const { siteId, ...rest } = params as Record<string, string>;
  if (typeof siteId !== "string") return;
  const details: AuditDetails = { call: name, outcome: result.ok ? "ok" : result.message, ...rest };
  if (body && typeof body === "object") {
    const fields = body as Record<string, unknown>;
    for (const key of BODY_FIELDS) if (typeof fields[key] === "string") details[key] = fields[key];
    if (name === "operatorPutSite") details.fields = Object.keys(fields).sort().join(",");
  }
  try {
    await siteStub(env, siteId).appendAudit(auditEvent("operator_action", "operator", memberOf(rest, result), details));
  } catch (error) {
    // The action has happened; failing its answer now would only invite a second attempt.
    console.error(`audit: operator action ${name} on ${siteId} not logged`, error);
  }
}
