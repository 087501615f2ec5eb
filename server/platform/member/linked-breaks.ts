import type { BreakDuration, BreakKind } from "../../contract/protection";
import { e164Number } from "#rules/mobile";
import { auditEvent, auditToOutbox } from "../audit";
import { iso } from "./protection-checks";

/**
 * Breaks that cross linked sites (decision 033; server/platform/README.md, "Linked sites"), the
 * member object's side: what it sends out and what it takes in. A break is matched by the verified
 * mobile number (E.164), on the sender's side and the receiver's. Every function is synchronous
 * and runs in the member's transaction; the carrying between objects is the alarm's
 * (linked-sites.ts), from the outbox, so a break the member takes commits with its outbox row and
 * reaches the other sites at least once.
 *
 * A break carried here is a row of protection_breaks like the member's own (with its `origin`),
 * so every check that stops play reads it without an await.
 */

/** One break as it crosses sites; `origin` ("<site>/<member>/<seq>") names it once everywhere. */
export interface LinkedBreak {
  origin: string;
  /** E.164 */
  number: string;
  /** the number as the sites' directories keep it (area code and national form) */
  areaCode: string;
  mobile: string;
  kind: BreakKind;
  duration: BreakDuration;
  startedAt: string;
  until: string;
}

/** Outbox kinds: a break to carry to the linked sites; a newly verified number asking for theirs. */
export const SHARE_BREAK = "share_break";
export const FETCH_LINKED_BREAKS = "fetch_linked_breaks";

type NumberRow = { site_id: string; member_id: string; area_code: string; mobile: string; mobile_verified: number };

/** The member's number in E.164 when verified, else null: an unverified number matches nobody. */
function verifiedNumber(sql: SqlStorage): (NumberRow & { number: string }) | null {
  const p = sql
    .exec<NumberRow>("SELECT site_id, member_id, area_code, mobile, mobile_verified FROM profile WHERE id = 1")
    .toArray()[0];
  if (!p || p.mobile_verified !== 1 || p.mobile === "") return null;
  return { ...p, number: e164Number(p.area_code, p.mobile) };
}

function toOutbox(sql: SqlStorage, kind: string, itemId: string, payload: unknown, now: string): void {
  sql.exec(
    "INSERT INTO outbox (kind, item_id, pending, payload, created_at) VALUES (?, ?, 0, ?, ?)",
    kind,
    itemId,
    JSON.stringify(payload),
    now,
  );
}

/** Puts the member's own break `seq` in the outbox for the linked sites, if the number is verified. */
export function shareBreak(sql: SqlStorage, seq: number, now: string): void {
  const p = verifiedNumber(sql);
  if (!p) return;
  const b = sql
    .exec<{ kind: BreakKind; duration: BreakDuration; started_at: string; until: string }>(
      "SELECT kind, duration, started_at, until FROM protection_breaks WHERE seq = ? AND origin IS NULL",
      seq,
    )
    .toArray()[0];
  if (!b) return;
  const origin = `${p.site_id}/${p.member_id}/${seq}`;
  const item: LinkedBreak = {
    origin,
    number: p.number,
    areaCode: p.area_code,
    mobile: p.mobile,
    kind: b.kind,
    duration: b.duration,
    startedAt: b.started_at,
    until: b.until,
  };
  toOutbox(sql, SHARE_BREAK, origin, item, now);
}

/**
 * The number has just been verified: the member's own breaks still in force go out to the linked
 * sites, and the linked sites' breaks on this number come in (by the alarm).
 */
export function numberVerified(sql: SqlStorage, nowMs: number): void {
  const p = verifiedNumber(sql);
  if (!p) return;
  const now = iso(nowMs);
  const own = sql
    .exec<{ seq: number }>(
      "SELECT seq FROM protection_breaks WHERE origin IS NULL AND (until > ? OR kind = 'exclusion')",
      now,
    )
    .toArray();
  for (const { seq } of own) shareBreak(sql, seq, now);
  toOutbox(sql, FETCH_LINKED_BREAKS, p.number, { number: p.number }, now);
}

/**
 * Takes in a break from a linked site: only for the same verified number, once per origin.
 * Answers whether it was new here. It is shown in the member's history and audited like their own.
 */
export function applyLinkedBreak(sql: SqlStorage, b: LinkedBreak, nowMs: number): boolean {
  const p = verifiedNumber(sql);
  if (!p || p.number !== b.number) return false;
  if (b.origin.startsWith(`${p.site_id}/${p.member_id}/`)) return false;
  const inserted = sql
    .exec(
      "INSERT INTO protection_breaks (kind, duration, started_at, until, origin) VALUES (?, ?, ?, ?, ?) ON CONFLICT (origin) DO NOTHING RETURNING seq",
      b.kind,
      b.duration,
      b.startedAt,
      b.until,
      b.origin,
    )
    .toArray();
  if (inserted.length === 0) return false;
  const now = iso(nowMs);
  sql.exec(
    `INSERT INTO protection_changes (at, change, kind, period, from_value, to_value, duration, applies_at)
     VALUES (?, ?, NULL, NULL, NULL, NULL, ?, ?)`,
    now,
    b.kind,
    b.duration,
    now,
  );
  const account = sql.exec<{ account: string }>("SELECT account FROM profile WHERE id = 1").one().account;
  auditToOutbox(
    sql,
    auditEvent(
      "protection_changed",
      "system",
      { account, memberId: p.member_id },
      { change: b.kind, duration: b.duration, until: b.until, linkedFrom: b.origin.split("/")[0]! },
      now,
    ),
  );
  return true;
}
