import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_LIMITS } from "../../server/contract";
import type { Platform, TestMember } from "../helpers/platform";
import { stoppedClockPlatform } from "./center-helpers";
import { bankBody, eventually, memberCall, PNG_1X1, pngHeader, uploadAll, uploadDocument } from "./money-helpers";

/**
 * Each member's upload quota (UPLOAD_LIMITS): uploads and bytes per UTC day, and the documents kept
 * per kind. On a stopped clock (CLOCK_ENTRY) two days behind the real one, so that moving it a
 * day on still leaves the outbox's alarms (which delete old files' bytes) firing at once.
 */
const SITE = "uploads-a";
const DAY = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;
let platform: Platform;
let advance: (ms: number) => Promise<void>;
beforeAll(async () => {
  // noon, UTC, two days ago: a day on is still in the past
  ({ platform, advance } = await stoppedClockPlatform(Math.floor(Date.now() / DAY) * DAY - 2 * DAY + DAY / 2));
  await platform.seedSite(SITE, { bankAutoReview: true });
});
afterAll(() => platform.dispose());

const LIMITED = { statusCode: 429, message: "upload_limit_reached" };
const upload = (m: TestMember, bytes: Uint8Array = PNG_1X1, kind = "passbook") =>
  uploadDocument(platform, m, kind, bytes, "doc.png", "image/png");
const stored = async (m: TestMember) => (await memberCall(platform, m, "uploads")).envelope.data!;
const bucket = () => platform.mf.getR2Bucket("UPLOADS", "member-platform");
const objectKey = (fileId: string) => `sites/${SITE}/files/${fileId}`;
/** Reads one of the member's files: its bytes on success, else the envelope of the refusal. */
async function readFile(m: TestMember, fileId: string): Promise<{ status: number; envelope?: unknown }> {
  const response = await platform.fetch(`/player/upload/${fileId}`, {
    headers: { Authorization: `Bearer ${m.token}`, "X-Site-Id": m.siteId },
  });
  const json = (response.headers.get("content-type") ?? "").startsWith("application/json");
  return json ? { status: response.status, envelope: await response.json() } : { status: response.status };
}
/** A valid PNG header padded to `bytes` bytes (only headers are read). */
const pngOf = (bytes: number) => pngHeader(100, 100, bytes);

describe("uploads per member and UTC day", () => {
  it(`takes ${UPLOAD_LIMITS.perDay} a day and refuses the next with upload_limit_reached, storing nothing; the next day takes more`, async () => {
    const m = await platform.signupMember(SITE);
    const kinds = ["id_front", "id_back", "passbook"];
    for (let i = 0; i < UPLOAD_LIMITS.perDay; i++) {
      expect((await upload(m, PNG_1X1, kinds[i % 3])).envelope.statusCode, `upload ${i + 1}`).toBe(200);
    }
    const before = await stored(m);
    const refused = await upload(m);
    expect(refused.status).toBe(429);
    expect(refused.envelope).toEqual(LIMITED);
    expect(await stored(m)).toEqual(before);
    // another member is not held back by this one
    expect((await upload(await platform.signupMember(SITE))).envelope.statusCode).toBe(200);

    await advance(DAY);
    expect((await upload(m)).envelope.statusCode).toBe(200);
  });

  it(`takes ${UPLOAD_LIMITS.bytesPerDay / MB} MB a day: six 5 MB files in a second pass, the ninth is refused`, async () => {
    const m = await platform.signupMember(SITE);
    const five = pngOf(UPLOAD_LIMITS.maxBytes);
    const burst = await Promise.all(Array.from({ length: 6 }, () => upload(m, five)));
    expect(burst.map((r) => r.envelope.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await upload(m, five)).envelope.statusCode).toBe(200);
    expect((await upload(m, five)).envelope.statusCode).toBe(200);
    // 40 MB taken: even a tiny file is refused now
    expect((await upload(m, PNG_1X1)).envelope).toEqual(LIMITED);
  });

  it("counts exactly under concurrency: of thirty uploads at once, twenty are stored", async () => {
    const m = await platform.signupMember(SITE);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => upload(m, PNG_1X1, ["id_front", "id_back", "passbook"][i % 3])),
    );
    const answers = results.map((r) => r.envelope.message);
    expect(answers.filter((a) => a === "ok")).toHaveLength(UPLOAD_LIMITS.perDay);
    expect(answers.filter((a) => a === "upload_limit_reached")).toHaveLength(30 - UPLOAD_LIMITS.perDay);
  });

  it("does not count a refused file: a wrong type costs nothing of the quota", async () => {
    const m = await platform.signupMember(SITE);
    const html = Buffer.from("<!doctype html><p>not an image</p>");
    for (let i = 0; i < UPLOAD_LIMITS.perDay + 5; i++)
      expect((await upload(m, html)).envelope.message).toBe("file_invalid_type");
    expect((await upload(m)).envelope.statusCode).toBe(200);
  });
});

describe("documents kept per member", () => {
  it(`keeps the newest ${UPLOAD_LIMITS.keepPerKind} of a kind: an older one is deleted, its row and its bytes`, async () => {
    const m = await platform.signupMember(SITE);
    const ids: string[] = [];
    for (let i = 0; i < UPLOAD_LIMITS.keepPerKind + 2; i++)
      ids.push((await upload(m, PNG_1X1, "id_front")).envelope.data!.fileId);
    expect((await upload(m, PNG_1X1, "id_back")).envelope.statusCode).toBe(200);
    const kept = (await stored(m)).filter((f) => f.kind === "id_front").map((f) => f.fileId);
    expect(kept.sort()).toEqual(ids.slice(2).sort());
    for (const gone of ids.slice(0, 2)) {
      expect((await readFile(m, gone)).envelope).toEqual({ statusCode: 400, message: "file_not_found" });
      await eventually(async () => (await (await bucket()).head(objectKey(gone))) === null);
    }
    for (const id of ids.slice(2)) expect(await (await bucket()).head(objectKey(id))).not.toBeNull();
  });

  it("never deletes a document the bank application names, even the oldest", async () => {
    const m = await platform.signupMember(SITE);
    const files = await uploadAll(platform, m);
    expect((await memberCall(platform, m, "bankApply", { body: bankBody(files) })).envelope.statusCode).toBe(200);
    const later: string[] = [];
    for (let i = 0; i < UPLOAD_LIMITS.keepPerKind + 1; i++)
      later.push((await upload(m, PNG_1X1, "passbook")).envelope.data!.fileId);
    const passbooks = (await stored(m)).filter((f) => f.kind === "passbook").map((f) => f.fileId);
    expect(passbooks).toHaveLength(UPLOAD_LIMITS.keepPerKind);
    expect(passbooks).toContain(files.passbookFileId);
    // the oldest ones the application does not name went instead
    expect(passbooks).not.toContain(later[0]);
    expect(passbooks).not.toContain(later[1]);
    expect(await readFile(m, files.passbookFileId)).toEqual({ status: 200 });
  });
});
