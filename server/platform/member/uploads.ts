import { UPLOAD_LIMITS, type UploadedFile } from "../../contract";
import { fail, ok, type Result } from "../result";
import { bankRow } from "./bank";

/**
 * The member's uploaded documents: the day's quota, what is kept per kind, and reading them.
 * Synchronous, inside the member object's `transactionSync` (money.ts).
 */

type UploadRow = {
  file_id: string;
  kind: UploadedFile["kind"];
  content_type: UploadedFile["contentType"];
  size: number;
  width: number;
  height: number;
  object_key: string;
  created_at: string;
};
const toUpload = (r: UploadRow): UploadedFile => ({
  fileId: r.file_id,
  kind: r.kind,
  contentType: r.content_type,
  size: r.size,
  width: r.width,
  height: r.height,
  createdAt: r.created_at,
});

/**
 * Takes one upload of `size` bytes from the quota of the UTC day (UPLOAD_LIMITS.perDay and
 * bytesPerDay), or refuses with upload_limit_reached (429: a limit, never a status that ends
 * the site session).
 */
export function reserveUpload(sql: SqlStorage, size: number, now: Date): Result<{ day: string }> {
  const day = now.toISOString().slice(0, 10);
  sql.exec("DELETE FROM upload_days WHERE day < ?", day);
  const today = sql
    .exec<{ uploads: number; bytes: number }>("SELECT uploads, bytes FROM upload_days WHERE day = ?", day)
    .toArray()[0];
  const uploads = today?.uploads ?? 0;
  const bytes = today?.bytes ?? 0;
  if (uploads + 1 > UPLOAD_LIMITS.perDay || bytes + size > UPLOAD_LIMITS.bytesPerDay)
    return fail(429, "upload_limit_reached");
  sql.exec(
    `INSERT INTO upload_days (day, uploads, bytes) VALUES (?, 1, ?)
     ON CONFLICT (day) DO UPDATE SET uploads = uploads + 1, bytes = bytes + excluded.bytes`,
    day,
    size,
  );
  return ok({ day });
}

/** Gives back a reservation whose bytes were never stored. */
export function releaseUpload(sql: SqlStorage, day: string, size: number): void {
  sql.exec("UPDATE upload_days SET uploads = MAX(uploads - 1, 0), bytes = MAX(bytes - ?, 0) WHERE day = ?", size, day);
}

/**
 * Records a stored upload. A member keeps UPLOAD_LIMITS.keepPerKind documents of a kind: past
 * that, the oldest ones that the bank application does not name are deleted, the row here and the
 * bytes by the outbox (the alarm deletes them from the bucket, at least once), so a member's
 * files never pile up while an application always keeps the documents it names.
 */
export function addUpload(sql: SqlStorage, file: UploadedFile & { objectKey: string }): UploadedFile {
  sql.exec(
    `INSERT INTO uploads (file_id, kind, content_type, size, width, height, object_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    file.fileId,
    file.kind,
    file.contentType,
    file.size,
    file.width,
    file.height,
    file.objectKey,
    file.createdAt,
  );
  const bank = bankRow(sql);
  const named = new Set(bank ? [bank.id_front_file_id, bank.id_back_file_id, bank.passbook_file_id] : []);
  const oldestFirst = sql
    .exec<{ file_id: string; object_key: string }>(
      "SELECT file_id, object_key FROM uploads WHERE kind = ? ORDER BY created_at, rowid",
      file.kind,
    )
    .toArray();
  let excess = oldestFirst.length - UPLOAD_LIMITS.keepPerKind;
  for (const old of oldestFirst) {
    if (excess <= 0) break;
    if (named.has(old.file_id)) continue;
    sql.exec("DELETE FROM uploads WHERE file_id = ?", old.file_id);
    sql.exec(
      "INSERT INTO outbox (kind, item_id, pending, payload, created_at) VALUES ('file_delete', ?, 0, ?, ?)",
      old.file_id,
      old.object_key,
      file.createdAt,
    );
    excess -= 1;
  }
  return toUpload(sql.exec<UploadRow>("SELECT * FROM uploads WHERE file_id = ?", file.fileId).one());
}

export function uploads(sql: SqlStorage): UploadedFile[] {
  return sql.exec<UploadRow>("SELECT * FROM uploads ORDER BY created_at DESC, rowid DESC").toArray().map(toUpload);
}

export function upload(sql: SqlStorage, fileId: string): (UploadedFile & { objectKey: string }) | undefined {
  const row = sql.exec<UploadRow>("SELECT * FROM uploads WHERE file_id = ?", fileId).toArray()[0];
  return row ? { ...toUpload(row), objectKey: row.object_key } : undefined;
}
