import { SMS_RULES } from "../../contract";
import * as limits from "../limits";
import { FORGOT_ACCOUNT_LIMIT, FORGOT_ADDRESS_LIMIT } from "../limits";
import { fail, ok, type Result } from "../result";

/** Days are UTC days, as for the per-member limit. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts a forgotten-password request, matched or not, so that the answer is the same whether or
 * not the number belongs to the account: per client address and per account name
 * (FORGOT_LIMITS, too_many_requests), and per number one a minute and SMS_RULES.perDay per UTC
 * day, so the public call cannot flood a phone. A refused request counts against nothing.
 * Runs inside the caller's transaction.
 */
export function forgotRequest(
  sql: SqlStorage,
  recipient: string,
  account: string,
  address: string | null,
  now: Date,
): Result<null> {
  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS).toISOString();
  const resendAfter = new Date(now.getTime() - SMS_RULES.resendSeconds * 1000).toISOString();
  const accountKey = account.toLowerCase();
  const at = now.getTime();
  if (address !== null && !limits.check(sql, FORGOT_ADDRESS_LIMIT, "forgot-address", address, at).ok) {
    return fail(429, "too_many_requests");
  }
  if (!limits.check(sql, FORGOT_ACCOUNT_LIMIT, "forgot-account", accountKey, at).ok)
    return fail(429, "too_many_requests");
  sql.exec("DELETE FROM forgot_requests WHERE requested_at < ?", new Date(now.getTime() - 2 * DAY_MS).toISOString());
  const recent = sql
    .exec("SELECT 1 FROM forgot_requests WHERE recipient = ? AND requested_at > ?", recipient, resendAfter)
    .toArray().length;
  if (recent > 0) return fail(400, "sms_too_frequent");
  const today = sql
    .exec<{ n: number }>(
      "SELECT COUNT(*) AS n FROM forgot_requests WHERE recipient = ? AND requested_at >= ?",
      recipient,
      dayStart,
    )
    .one().n;
  if (today >= SMS_RULES.perDay) return fail(400, "sms_send_limit_reached");
  sql.exec("INSERT INTO forgot_requests (recipient, requested_at) VALUES (?, ?)", recipient, now.toISOString());
  if (address !== null) limits.record(sql, "forgot-address", address, at);
  limits.record(sql, "forgot-account", accountKey, at);
  return ok(null);
}
