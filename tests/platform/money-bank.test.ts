import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Platform, TestMember } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";
import {
  bankBody,
  eventually,
  jpegHeader,
  memberCall,
  memberIdOf,
  MONEY_SITE,
  PNG_1X1,
  pngHeader,
  uploadAll,
  uploadDocument,
  webpExtendedHeader,
  webpLosslessHeader,
} from "./money-helpers";

const SITE = "money-bank";
const AUTO_SITE = "money-auto";
let platform: Platform;
beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite(SITE, MONEY_SITE);
  await platform.seedSite(AUTO_SITE, { ...MONEY_SITE, bankAutoReview: true });
});
afterAll(() => platform.dispose());

describe("upload", () => {
  it("accepts a PNG named .jpg as image/png, by its content, with its pixel size", async () => {
    const m = await platform.signupMember(SITE);
    const { envelope } = await uploadDocument(platform, m, "id_front", PNG_1X1, "photo.jpg", "image/jpeg");
    expect(envelope.data).toMatchObject({
      kind: "id_front",
      contentType: "image/png",
      width: 1,
      height: 1,
      size: PNG_1X1.length,
    });
  });

  it("reads the size of JPEG and WebP (lossless and extended) headers", async () => {
    const m = await platform.signupMember(SITE);
    const jpeg = await uploadDocument(platform, m, "id_back", jpegHeader(1200, 800), "a.jpeg");
    expect(jpeg.envelope.data).toMatchObject({ contentType: "image/jpeg", width: 1200, height: 800 });
    const lossless = await uploadDocument(platform, m, "passbook", webpLosslessHeader(640, 480), "b.webp");
    expect(lossless.envelope.data).toMatchObject({ contentType: "image/webp", width: 640, height: 480 });
    const extended = await uploadDocument(platform, m, "passbook", webpExtendedHeader(3000, 2000), "c.webp");
    expect(extended.envelope.data).toMatchObject({ contentType: "image/webp", width: 3000, height: 2000 });
  });

  it("refuses an HTML file named .png with file_invalid_type", async () => {
    const m = await platform.signupMember(SITE);
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    const { status, envelope } = await uploadDocument(platform, m, "id_front", html, "x.png", "image/png");
    expect(status).toBe(400);
    expect(envelope).toEqual({ statusCode: 400, message: "file_invalid_type" });
  });

  it("refuses an image over 5 MB with file_too_large", async () => {
    const m = await platform.signupMember(SITE);
    const big = pngHeader(100, 100, 6 * 1024 * 1024);
    expect((await uploadDocument(platform, m, "id_front", big, "big.png")).envelope).toEqual({
      statusCode: 400,
      message: "file_too_large",
    });
  });

  it("refuses an image over 20 megapixels with file_too_many_pixels (PNG and JPEG headers)", async () => {
    const m = await platform.signupMember(SITE);
    const png = await uploadDocument(platform, m, "id_front", pngHeader(6000, 5000), "huge.png");
    expect(png.envelope).toEqual({ statusCode: 400, message: "file_too_many_pixels" });
    const jpeg = await uploadDocument(platform, m, "id_front", jpegHeader(6000, 5000), "huge.jpg");
    expect(jpeg.envelope.message).toBe("file_too_many_pixels");
    expect((await memberCall(platform, m, "uploads")).envelope.data).toEqual([]);
  });

  it("refuses an unknown kind with invalid_parameters", async () => {
    const m = await platform.signupMember(SITE);
    expect((await uploadDocument(platform, m, "selfie", PNG_1X1, "a.png")).envelope.message).toBe("invalid_parameters");
  });

  it("serves the bytes to their owner only; anyone else gets file_not_found with status 400", async () => {
    const owner = await platform.signupMember(SITE);
    const other = await platform.signupMember(SITE);
    const fileId = (await uploadDocument(platform, owner, "id_front", PNG_1X1, "a.png")).envelope.data!.fileId;
    const get = (m: TestMember) =>
      platform.fetch(`/player/upload/${fileId}`, {
        headers: { Authorization: `Bearer ${m.token}`, "X-Site-Id": m.siteId },
      });
    const mine = await get(owner);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/png");
    expect(mine.headers.get("cache-control")).toContain("no-store");
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(PNG_1X1);
    const theirs = await get(other);
    expect(theirs.status).toBe(400);
    expect(await theirs.json()).toEqual({ statusCode: 400, message: "file_not_found" });
    expect((await memberCall(platform, owner, "uploads")).envelope.data!.map((u) => u.fileId)).toEqual([fileId]);
  });

  it("lets the operator read a document of the site, and not through another site", async () => {
    const m = await platform.signupMember(SITE);
    const fileId = (await uploadDocument(platform, m, "passbook", PNG_1X1, "a.png")).envelope.data!.fileId;
    const ok = await platform.fetch(`/operator/sites/${SITE}/files/${fileId}`, {
      headers: { Authorization: "Bearer test-operator-key" },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");
    const other = await platform.fetch(`/operator/sites/${AUTO_SITE}/files/${fileId}`, {
      headers: { Authorization: "Bearer test-operator-key" },
    });
    expect(await other.json()).toEqual({ statusCode: 400, message: "file_not_found" });
  });
});

describe("bank account", () => {
  const pendingBanks = async () =>
    (await platform.operator("operatorBankApplications", { params: { siteId: SITE }, query: {} })).envelope.data!;

  it("starts with status none", async () => {
    const m = await platform.signupMember(SITE);
    expect((await memberCall(platform, m, "bank")).envelope.data).toMatchObject({ status: "none", submittedAt: null });
  });

  it("puts an application under review, shows only the last four digits, and queues it for the operator", async () => {
    const m = await platform.signupMember(SITE);
    const { envelope } = await memberCall(platform, m, "bankApply", { body: bankBody(await uploadAll(platform, m)) });
    expect(envelope.data).toMatchObject({
      status: "under_review",
      accountNumberLast4: "6789",
      bank: "Demo Commercial Bank",
    });
    expect(JSON.stringify(envelope)).not.toContain("123-456789");
    const queued = await eventually(async () => (await pendingBanks()).find((b) => b.memberId === memberIdOf(m)));
    expect(queued).toMatchObject({ accountNumber: "0015-123-456789", account: m.account, status: "under_review" });
  });

  it("answers file_not_found for a file id that is not the member's, and bank_upload_error for a wrong kind", async () => {
    const m = await platform.signupMember(SITE);
    const other = await platform.signupMember(SITE);
    const mine = await uploadAll(platform, m);
    const theirs = await uploadAll(platform, other);
    const foreign = await memberCall(platform, m, "bankApply", {
      body: bankBody({ ...mine, idFrontFileId: theirs.idFrontFileId }),
    });
    expect(foreign.envelope).toEqual({ statusCode: 400, message: "file_not_found" });
    const swapped = await memberCall(platform, m, "bankApply", {
      body: bankBody({ ...mine, idFrontFileId: mine.passbookFileId, passbookFileId: mine.idFrontFileId }),
    });
    expect(swapped.envelope).toEqual({ statusCode: 400, message: "bank_upload_error" });
    expect((await memberCall(platform, m, "bank")).envelope.data!.status).toBe("none");
  });

  it("shows the operator's rejection reason, and takes a new application after it", async () => {
    const m = await platform.signupMember(SITE);
    const files = await uploadAll(platform, m);
    await memberCall(platform, m, "bankApply", { body: bankBody(files) });
    const params = { siteId: SITE, memberId: memberIdOf(m) };
    await eventually(async () => (await pendingBanks()).some((b) => b.memberId === params.memberId));
    const rejected = await platform.operator("operatorRejectBank", {
      params,
      body: { reason: "Passbook photo unreadable" },
    });
    expect(rejected.envelope.data).toMatchObject({ status: "rejected", reason: "Passbook photo unreadable" });
    expect((await memberCall(platform, m, "bank")).envelope.data).toMatchObject({
      status: "rejected",
      reason: "Passbook photo unreadable",
    });
    expect((await platform.operator("operatorApproveBank", { params, body: {} })).envelope.message).toBe(
      "already_decided",
    );

    const again = await memberCall(platform, m, "bankApply", {
      body: bankBody(files, { accountNumber: "999-888-7777" }),
    });
    expect(again.envelope.data).toMatchObject({ status: "under_review", reason: "", accountNumberLast4: "7777" });
    await eventually(async () =>
      (await pendingBanks()).some((b) => b.memberId === params.memberId && b.accountNumber === "999-888-7777"),
    );
    expect((await platform.operator("operatorApproveBank", { params, body: {} })).envelope.data!.status).toBe(
      "approved",
    );
  });

  it("approves at once where the site auto-reviews, and refuses replacing an approved account", async () => {
    const m = await platform.signupMember(AUTO_SITE);
    const files = await uploadAll(platform, m);
    const first = await memberCall(platform, m, "bankApply", { body: bankBody(files) });
    expect(first.envelope.data).toMatchObject({ status: "approved" });
    expect(first.envelope.data!.reviewedAt).not.toBeNull();
    const replace = await memberCall(platform, m, "bankApply", { body: bankBody(files, { bank: "Other Bank" }) });
    expect(replace.envelope).toEqual({ statusCode: 400, message: "contact_customer_service" });
  });

  it("answers invalid_parameters to a decision on a member without an application", async () => {
    const m = await platform.signupMember(SITE);
    const r = await platform.operator("operatorApproveBank", {
      params: { siteId: SITE, memberId: memberIdOf(m) },
      body: {},
    });
    expect(r.envelope).toEqual({ statusCode: 400, message: "invalid_parameters" });
  });
});
