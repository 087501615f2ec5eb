import { fail, ok, type Result } from "../result";

/**
 * The site's account directory. Each function runs without an await, inside the caller's
 * transactionSync, so a check and the write that follows it cannot be interleaved.
 */

export interface NewAccount {
  memberId: string;
  account: string;
  areaCode: string;
  mobile: string;
}

const INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I: codes are read aloud
const INVITE_LENGTH = 8;

function newInviteCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(INVITE_LENGTH));
  return Array.from(bytes, (b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join("");
}

function exists(sql: SqlStorage, query: string, ...bindings: unknown[]): boolean {
  return sql.exec(query, ...bindings).toArray().length > 0;
}

/**
 * A member who signed up without a mobile holds, in the directory only, a placeholder unique to
 * them (`none:<memberId>`): the table keeps its one (area code, mobile) constraint, and no number
 * a form accepts (09 and 8 digits) can ever equal it, so no search by number finds them.
 */
const directoryMobile = (memberId: string, mobile: string) => (mobile === "" ? `none:${memberId}` : mobile);

export function addAccount(sql: SqlStorage, a: NewAccount, now: string): Result<{ inviteCode: string }> {
  if (exists(sql, "SELECT 1 FROM accounts WHERE account = ?", a.account)) {
    return fail(400, "account_exists");
  }
  const mobile = directoryMobile(a.memberId, a.mobile);
  if (exists(sql, "SELECT 1 FROM accounts WHERE area_code = ? AND mobile = ?", a.areaCode, mobile)) {
    return fail(400, "mobile_registered");
  }
  let inviteCode = newInviteCode();
  while (exists(sql, "SELECT 1 FROM accounts WHERE invite_code = ?", inviteCode)) inviteCode = newInviteCode();
  sql.exec(
    "INSERT INTO accounts (member_id, account, area_code, mobile, invite_code, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    a.memberId,
    a.account,
    a.areaCode,
    mobile,
    inviteCode,
    now,
  );
  return ok({ inviteCode });
}

export function removeAccount(sql: SqlStorage, memberId: string): void {
  sql.exec("DELETE FROM accounts WHERE member_id = ?", memberId);
}

export function findMemberId(sql: SqlStorage, account: string): string | null {
  return findAccount(sql, account)?.memberId ?? null;
}

/** The member of an account name, with the name as it was registered. */
export function findAccount(sql: SqlStorage, account: string): { memberId: string; account: string } | null {
  const row = sql
    .exec<{ member_id: string; account: string }>("SELECT member_id, account FROM accounts WHERE account = ?", account)
    .toArray()[0];
  return row ? { memberId: row.member_id, account: row.account } : null;
}

/**
 * The members whose stored number is one of these (area code, national number) pairs: support's
 * lookup by mobile (server/rules/mobile.ts, mobileCandidates), at most one per pair.
 */
export function findMembersByNumber(
  sql: SqlStorage,
  numbers: readonly { areaCode: string; mobile: string }[],
): string[] {
  return numbers.flatMap(({ areaCode, mobile }) =>
    sql
      .exec<{ member_id: string }>(
        "SELECT member_id FROM accounts WHERE area_code = ? AND mobile = ?",
        areaCode,
        mobile,
      )
      .toArray()
      .map((r) => r.member_id),
  );
}

/** Whether the member id is one of the site's members. */
export function hasMember(sql: SqlStorage, memberId: string): boolean {
  return exists(sql, "SELECT 1 FROM accounts WHERE member_id = ?", memberId);
}

export function findMemberByMobile(sql: SqlStorage, account: string, areaCode: string, mobile: string): string | null {
  const row = sql
    .exec<{ member_id: string }>(
      "SELECT member_id FROM accounts WHERE account = ? AND area_code = ? AND mobile = ?",
      account,
      areaCode,
      mobile,
    )
    .toArray()[0];
  return row?.member_id ?? null;
}

export function changeMobile(sql: SqlStorage, memberId: string, areaCode: string, mobile: string): Result<null> {
  const taken = sql
    .exec<{ member_id: string }>("SELECT member_id FROM accounts WHERE area_code = ? AND mobile = ?", areaCode, mobile)
    .toArray()[0];
  if (taken && taken.member_id !== memberId) return fail(400, "mobile_registered");
  if (!exists(sql, "SELECT 1 FROM accounts WHERE member_id = ?", memberId)) return fail(404, "account_not_found");
  // (giving a claim back to a member who had no mobile restores the placeholder)
  sql.exec(
    "UPDATE accounts SET area_code = ?, mobile = ? WHERE member_id = ?",
    areaCode,
    directoryMobile(memberId, mobile),
    memberId,
  );
  return ok(null);
}
