import { siteIdSchema, type CallName } from "../../contract";
import { auditEvent, type AuditDetails } from "../audit";
import type { Env } from "../env";
import { ok, type Result } from "../result";
import { siteStub } from "../stubs";
import type { Handler, OperatorContext, Touched } from "./types";
import { errorFields, log } from "../../log/log";

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
  // the site's published content: what the member site shows anyway
  "operatorContent",
  // a site's day in totals and its open interest (the oversight page reads both at each visit):
  // sums over every member, no one member's data, no change
  "operatorSiteDay",
  "operatorOpenInterest",
]);

/** Body fields worth keeping in the log: what was decided and why, or what was published where. */
const BODY_FIELDS = ["reason", "lang", "title", "path", "type", "link"] as const;

/**
 * The member an action concerned: what its handler learned (a document's owner, a queue item's
 * member, even when the decision was then refused), else its path, else its answer.
 */
function memberOf(
  params: Record<string, string>,
  result: Result<unknown>,
  touched: Touched,
): { account?: string; memberId?: string } {
  const data =
    result.ok && result.data && typeof result.data === "object" ? (result.data as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return {
    account: touched.account ?? text(data.account),
    memberId: touched.memberId ?? params.memberId ?? text(data.memberId),
  };
}

/**
 * Logs an operator call on a site, refused or not: every change, and every read of one member's
 * data (a document, a thread, the SMS log). The entry names the operator (registry id and name),
 * the site, and the member touched; in production also the Access identity that came with the
 * key. Pair configuration and the operator registry are platform-wide and in no site's log: each
 * keeps its own (the pair's audit, the registry's `registry_audit`).
 */
export async function logOperatorAction(
  env: Env,
  operator: OperatorContext,
  name: CallName,
  params: unknown,
  body: unknown,
  result: Result<unknown>,
  touched: Touched = {},
): Promise<void> {
  if (LISTS.has(name) || !params || typeof params !== "object" || !("siteId" in params)) return;
  const { siteId, ...rest } = params as Record<string, string>;
  // a role refusal is logged before the path is validated: never create an object for a malformed id
  if (typeof siteId !== "string" || !siteIdSchema.safeParse(siteId).success) return;
  const details: AuditDetails = { call: name, outcome: result.ok ? "ok" : result.message, site: siteId, ...rest };
  if (operator.accessEmail !== null) details.accessEmail = operator.accessEmail;
  if (body && typeof body === "object") {
    const fields = body as Record<string, unknown>;
    for (const key of BODY_FIELDS) if (typeof fields[key] === "string") details[key] = fields[key];
    if (name === "operatorPutSite") details.fields = Object.keys(fields).sort().join(",");
    if (name === "operatorLinkSites" && Array.isArray(fields.sites)) details.sites = fields.sites.join(",");
  }
  try {
    const who = { id: operator.id, name: operator.name };
    await siteStub(env, siteId).appendAudit(
      auditEvent("operator_action", "operator", memberOf(rest, result, touched), details, undefined, who),
    );
  } catch (error) {
    // The action has happened; failing its answer now would only invite a second attempt.
    log("error", "audit: operator action not logged", { call: name, siteId, ...errorFields(error) });
  }
}
