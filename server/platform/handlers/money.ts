import { UPLOAD_LIMITS, type Withdrawal } from "../../contract";
import { verifyPassword } from "../auth/password";
import { newId } from "../auth/token";
import { sniffImage } from "../money/image";
import { badRequest, ok, type Result } from "../result";
import { siteStub } from "../stubs";
import type { Handler, MemberContext, RawFile } from "./types";
import type { Env } from "../env";
import { refusedInPractice } from "./mode";
import { whenNotBusy } from "./secret-wait";

/**
 * The money calls of a member. The site's rules (options, limits, games, fees) are read here
 * per request and handed to the member object, which checks them again inside the same
 * synchronous transaction that changes the balances.
 */

async function siteConfig(env: Env, member: MemberContext) {
  return siteStub(env, member.siteId).getConfig();
}

export const deposit: Handler<"deposit"> = async ({ env, member, body, intent }) => {
  const refused = await refusedInPractice(member);
  if (refused) return refused;
  const config = await siteConfig(env, member);
  if (!config) return badRequest("invalid_site");
  return member.stub.deposit(member.proof, intent, body, config);
};

export const transfer: Handler<"transfer"> = async ({ env, member, body, intent }) => {
  const refused = await refusedInPractice(member);
  if (refused) return refused;
  const config = await siteConfig(env, member);
  if (!config) return badRequest("invalid_site");
  return member.stub.transfer(member.proof, intent, body, config);
};

/**
 * The transaction password is counted by the member object (SECRET_CHECK_LIMITS): the fifth
 * wrong one in the window locks withdrawals and its change for a while, even with the right one.
 */
export const withdraw: Handler<"withdraw"> = async ({ env, member, body, intent, clientAddress }) => {
  // before the transaction password is counted: a practice withdrawal checks nothing
  const refused = await refusedInPractice(member);
  if (refused) return refused;
  const config = await siteConfig(env, member);
  if (!config) return badRequest("invalid_site");
  const typed = config.transactionPasswordRequired ? body.transactionPassword : undefined;
  // the password's other checks in flight are no failures: this one waits for them (secret-wait.ts)
  const pre = await whenNotBusy(() =>
    member.stub.withdrawPreflight(
      member.proof,
      config.bankVerify,
      typed !== undefined,
      config.transactionPasswordRequired,
    ),
  );
  if (!pre.ok) return pre;
  if (!pre.data.bankReady) return badRequest("bind_bank_card_first");
  let verifiedPasswordHash: string | null = null;
  let attemptId: number | null = null;
  if (config.transactionPasswordRequired) {
    const check = pre.data.check;
    if (typed === undefined || !check) return badRequest("transaction_password_required");
    // PBKDF2 runs here, in the worker, so the member object keeps serving while it computes.
    if (!(await verifyPassword(typed, check.transactionPasswordHash))) {
      // copies of the request sent at once count one wrong password, and answer as the first did
      const context = { address: clientAddress, call: "withdraw" } as const;
      return (await member.stub.wrongSecret(
        member.proof,
        "transaction_password",
        check.attemptId,
        context,
        intent,
      )) as Result<Withdrawal>;
    }
    verifiedPasswordHash = check.transactionPasswordHash;
    attemptId = check.attemptId;
  }
  const { amount } = body;
  return member.stub.withdraw(
    member.proof,
    intent,
    { amount },
    {
      ...config,
      verifiedPasswordHash,
      attemptId,
    },
  );
};

export const deposits: Handler<"deposits"> = async ({ member, query }) => member.stub.deposits(member.proof, query);
export const transfers: Handler<"transfers"> = async ({ member, query }) => member.stub.transfers(member.proof, query);
export const withdrawals: Handler<"withdrawals"> = async ({ member, query }) =>
  member.stub.withdrawals(member.proof, query);
export const transactions: Handler<"transactions"> = async ({ member, query }) =>
  member.stub.transactions(member.proof, query);
export const records: Handler<"records"> = async ({ member, query }) =>
  member.stub.records(member.proof, query, member.mode);
export const accountRecords: Handler<"accountRecords"> = async ({ member, query }) =>
  member.stub.accountRecords(member.proof, query, member.mode);

export const bank: Handler<"bank"> = async ({ member }) => member.stub.bank(member.proof);

export const bankApply: Handler<"bankApply"> = async ({ env, member, body, intent }) => {
  const config = await siteConfig(env, member);
  if (!config) return badRequest("invalid_site");
  return member.stub.bankApply(member.proof, intent, body, config.bankAutoReview);
};

/** Where a member's file lives in the bucket: under its site, by a random id nobody chooses. */
export const uploadKey = (siteId: string, fileId: string) => `sites/${siteId}/files/${fileId}`;

export const upload: Handler<"upload"> = async ({ env, member, body, file }) => {
  const live = await member.stub.verify(member.proof);
  if (!live.ok) return live;
  if (!file) return badRequest("invalid_parameters");
  if (file.size > UPLOAD_LIMITS.maxBytes) return badRequest("file_too_large");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = sniffImage(bytes);
  if (!image) return badRequest("file_invalid_type");
  if (image.width * image.height > UPLOAD_LIMITS.maxPixels) return badRequest("file_too_many_pixels");

  // The day's quota is taken before the bytes are stored, so a flood never reaches the bucket; a
  // file that is not stored after all gives it back.
  const reserved = await member.stub.reserveUpload(member.proof, bytes.byteLength);
  if (!reserved.ok) return reserved;
  const release = () => member.stub.releaseUpload(reserved.data.day, bytes.byteLength);
  const fileId = newId();
  const objectKey = uploadKey(member.siteId, fileId);
  try {
    await env.UPLOADS.put(objectKey, bytes, {
      httpMetadata: { contentType: image.contentType },
      customMetadata: { memberId: member.memberId, kind: body.kind },
    });
  } catch (error) {
    await release();
    throw error;
  }
  const recorded = await member.stub.addUpload(member.proof, {
    fileId,
    kind: body.kind,
    contentType: image.contentType,
    size: bytes.byteLength,
    width: image.width,
    height: image.height,
    createdAt: new Date().toISOString(),
    objectKey,
  });
  // A file nobody owns would never be read or cleaned up; take it back out.
  if (!recorded.ok) await Promise.all([env.UPLOADS.delete(objectKey), release()]);
  return recorded;
};

export const uploads: Handler<"uploads"> = async ({ member }) => member.stub.uploads(member.proof);

/**
 * A member's own file. Anyone else's id is "not found" with status 400, never 404: a 404 would
 * end the asking member's session on the site (server/contract/README.md, "Status codes").
 */
export const uploadFile: Handler<"uploadFile"> = async ({ env, member, params }) => {
  const file = await member.stub.upload(member.proof, params.fileId);
  if (!file.ok) return file;
  const object = await env.UPLOADS.get(file.data.objectKey);
  if (!object) return badRequest("file_not_found");
  return ok<RawFile>({ body: object.body, contentType: file.data.contentType, size: object.size });
};
