import type { AuditEntry } from "../../contract";
import { shareBreak } from "../linked-sites";
import { siteStub } from "../stubs";
import * as linked from "./linked-breaks";
import * as game from "./game";
import type { MemberState } from "./member-state";
import * as money from "./money";
import { INTENT_STALE_MS } from "./position-flow";
import * as positions from "./positions";
import type { ProfileRow } from "./profile";
import * as rebates from "./rebates";
import { deliverStream } from "./streams";
import { errorFields, log } from "../../log/log";

/**
 * The member object's one alarm: when it is due, and the steps it runs after the settlement of
 * bets and the recovery of opens (member-object.ts `alarm`, which runs them in order). Alarms run
 * at least once and may re-run: every step is idempotent.
 */

/**
 * How long after a period's end the member's own alarm asks the market for the result, in case
 * the market's delivery (applyResult, normally within a second of the end) has not come.
 */
const SETTLE_FALLBACK_MS = 2_000;

/**
 * One alarm serves everything that happens after a commit; its time is computed from the
 * stored state alone, so it is right whoever sets it: at once for undelivered outbox or stream
 * rows (with backoff after failed deliveries), else when the next open bet's period ends.
 */
export function scheduleAlarm(ctx: DurableObjectState, retryAt: number | null = null): void {
  const sql = ctx.storage.sql;
  const now = Date.now();
  const times: number[] = [];
  if (retryAt !== null) times.push(retryAt);
  const outbox = sql.exec<{ attempts: number | null }>("SELECT MAX(attempts) AS attempts FROM outbox").one().attempts;
  if (outbox !== null) times.push(now + (outbox === 0 ? 0 : Math.min(500 * 2 ** (outbox - 1), 300_000)));
  if (sql.exec("SELECT 1 FROM stream_outbox LIMIT 1").toArray().length > 0) times.push(now);
  const settle = game.nextSettlement(sql);
  // The market hands the result over right after the end (applyResult); the alarm asks only if
  // nothing came by then, so a member's bets settle even when that delivery fails.
  if (settle !== null) times.push(Math.max(now, settle + SETTLE_FALLBACK_MS));
  // the end of a rebate period with bets (plus REBATE_DELAY_MS, so its last bets are settled)
  const rebate = rebates.nextRebateDue(sql);
  if (rebate !== null) times.push(Math.max(now, rebate));
  // an open whose request never came back (member/positions.ts)
  const intent = positions.nextIntentCheck(sql, INTENT_STALE_MS);
  if (intent !== null) times.push(Math.max(now, intent));
  if (times.length > 0) void ctx.storage.setAlarm(Math.min(...times));
}

/**
 * Credits the rebate periods that are due. The site's configuration is read only when one may
 * be (rebateMayBeDue, from this object's own rows), so a settlement alarm stays as cheap as
 * before; the credit re-checks everything in its own transaction after the await, and each
 * period's operation key makes a second run (a duplicate alarm, a re-run after a crash) a no-op.
 */
export async function creditRebates(m: MemberState, siteId: string): Promise<void> {
  try {
    if (!m.ctx.storage.transactionSync(() => rebates.rebateMayBeDue(m.sql, Date.now()))) return;
    const config = await siteStub(m.env, siteId).getConfig();
    m.ctx.storage.transactionSync(() => rebates.creditRebates(m.sql, config?.campaignRules ?? [], Date.now()));
  } catch (error) {
    // the due rows stay: scheduleAlarm brings the alarm back for them
    log("error", "rebates: crediting failed", errorFields(error));
    m.sql.exec("UPDATE rebate_due SET due_at = ? WHERE due_at <= ?", Date.now() + 5_000, Date.now());
  }
}

/**
 * Delivers the outbox to the site's operator queue (oldest first; the site keeps the highest
 * version per item, so a re-delivery changes nothing; a failure stays and is retried with
 * backoff), the audit events to the site's log, and deletes the files' bytes it names.
 */
export async function deliverOutbox(m: MemberState, profile: ProfileRow): Promise<void> {
  const site = siteStub(m.env, profile.site_id);
  const rows = m.sql.exec<money.OutboxRow>("SELECT * FROM outbox ORDER BY seq LIMIT 100").toArray();
  for (const row of rows) {
    try {
      if (row.kind === "audit") await site.appendAudit(JSON.parse(row.payload) as AuditEntry);
      else if (row.kind === "file_delete") await m.env.UPLOADS.delete(row.payload);
      else if (row.kind === linked.SHARE_BREAK) await shareBreak(m.env, JSON.parse(row.payload) as linked.LinkedBreak);
      else if (row.kind === linked.FETCH_LINKED_BREAKS) await takeLinkedBreaks(m, site, row.payload);
      else await site.enqueue(money.outboxEntry({ ...row, kind: row.kind }, profile.member_id));
      m.sql.exec("DELETE FROM outbox WHERE seq = ?", row.seq);
    } catch (error) {
      m.sql.exec("UPDATE outbox SET attempts = attempts + 1 WHERE seq = ?", row.seq);
      log("error", "outbox: delivery failed", { kind: row.kind, itemId: row.item_id, ...errorFields(error) });
      // Later rows may be newer states of the same item; keep the order, try again later.
      break;
    }
  }
}

/** A newly verified number: the breaks linked sites carried here for it apply to this member. */
async function takeLinkedBreaks(m: MemberState, site: ReturnType<typeof siteStub>, payload: string): Promise<void> {
  const { number } = JSON.parse(payload) as { number: string };
  const breaks = await site.linkedBreaksFor(number);
  m.ctx.storage.transactionSync(() => {
    for (const b of breaks) linked.applyLinkedBreak(m.sql, b, Date.now());
  });
}

/** Pushes the stream events (streams.ts); a failure is logged and the events wait for the next alarm. */
export async function pushStream(m: MemberState, profile: ProfileRow): Promise<void> {
  try {
    await deliverStream(m, profile);
  } catch (error) {
    log("error", "stream: push failed", errorFields(error));
  }
}
