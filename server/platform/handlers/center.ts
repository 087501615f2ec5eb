import { networkOf } from "../../contract/network";
import type { MessageCode } from "../../contract";
import { hashPassword, verifyPassword } from "../auth/password";
import { sha256Hex } from "../crypto";
import type { Env } from "../env";
import type { SmsReservation } from "../member/member-object";
import { badRequest, ok, type Result } from "../result";
import { internationalNumber, newSmsCode, smsCodeHash, smsText, type SmsPurpose } from "../sms/code";
import { smsProvider } from "../sms/provider";
import { memberStub, siteStub } from "../stubs";
import { whenNotBusy } from "./secret-wait";
import type { Handler } from "./types";
import { nationalMobile } from "#rules/mobile";
import { errorFields, log } from "../../log/log";

/**
 * The member center: passwords, SMS codes, forgotten passwords and messages. PBKDF2 and SHA-256
 * run here, in the worker, so neither a member's nor a site's object waits on them; the objects
 * re-check, without an await, whatever the worker decided against.
 */

// passwords -------------------------------------------------------------------------------------

/**
 * The old password is verified first, and counted (SECRET_CHECK_LIMITS): the fifth wrong one in
 * the window locks changes for a while, so a stolen session cannot guess its way to the password.
 */
export const changePassword: Handler<"changePassword"> = async ({ member, body, clientAddress }) => {
  const check = await whenNotBusy(() => member.stub.beginSecretCheck(member.proof, "password"));
  if (!check.ok) return check;
  const { account, passwordHash, transactionPasswordHash, attemptId } = check.data;
  const [oldMatches, sameAsTransaction] = await Promise.all([
    verifyPassword(body.oldPassword, passwordHash),
    // Sign-up keeps the two passwords apart (one would unlock the other's door); so does a change.
    verifyPassword(body.newPassword, transactionPasswordHash),
  ]);
  if (!oldMatches)
    return member.stub.wrongSecret(member.proof, "password", attemptId, {
      address: clientAddress,
      call: "changePassword",
    });
  const refusal: MessageCode | null =
    body.newPassword === account
      ? "password_equals_account"
      : body.newPassword === body.oldPassword
        ? "new_password_same_as_old"
        : sameAsTransaction
          ? "transaction_password_equals_login"
          : null;
  if (refusal) {
    await member.stub.rightSecret(member.proof, "password", attemptId);
    return badRequest(refusal);
  }
  return member.stub.changePassword(
    member.proof,
    attemptId,
    passwordHash,
    await hashPassword(body.newPassword),
    clientAddress,
  );
};

/**
 * The old transaction password is counted like the one a withdrawal needs (the same lock). The
 * request is idempotent: a retry after a lost answer is answered from the member object before
 * anything is verified, since the old password it carries no longer matches.
 */
export const changeTransactionPassword: Handler<"changeTransactionPassword"> = async ({
  member,
  body,
  clientAddress,
  intent,
}) => {
  // (the router has answered a key with a stored answer already; neither password is part of
  // what makes a request the same: handlers/idempotency.ts)
  const typed = body.oldTransactionPassword;
  const check = await whenNotBusy(() =>
    member.stub.beginSecretCheck(member.proof, "transaction_password", typed !== undefined),
  );
  if (!check.ok) return check;
  const { account, passwordHash, transactionPasswordHash, attemptId } = check.data;
  const hasOne = transactionPasswordHash !== "";
  if (hasOne && typed === undefined) return badRequest("transaction_password_required");
  const [oldMatches, sameAsLogin] = await Promise.all([
    hasOne ? verifyPassword(typed ?? "", transactionPasswordHash) : Promise.resolve(true),
    verifyPassword(body.newTransactionPassword, passwordHash),
  ]);
  if (!oldMatches) {
    // A copy of the request sent at once may find the password already changed by the first one:
    // the member object answers it with the key's answer, if there is one by then, and counts nothing.
    const context = { address: clientAddress, call: "changeTransactionPassword" } as const;
    return (await member.stub.wrongSecret(
      member.proof,
      "transaction_password",
      attemptId,
      context,
      intent,
    )) as Result<null>;
  }
  const refusal: MessageCode | null =
    body.newTransactionPassword === account
      ? "transaction_password_equals_account"
      : hasOne && body.newTransactionPassword === typed
        ? "new_transaction_password_same_as_old"
        : sameAsLogin
          ? "transaction_password_equals_login"
          : null;
  if (refusal) {
    await member.stub.rightSecret(member.proof, "transaction_password", attemptId);
    return badRequest(refusal);
  }
  const newHash = await hashPassword(body.newTransactionPassword);
  return member.stub.changeTransactionPassword(
    member.proof,
    intent,
    attemptId,
    transactionPasswordHash,
    newHash,
    clientAddress,
  );
};

// SMS codes -------------------------------------------------------------------------------------

/**
 * Sends a reserved code. A provider failure gives the reservation back, so the member's minute
 * and day allowance is only spent on texts that left.
 */
async function deliver(
  env: Env,
  siteId: string,
  purpose: SmsPurpose,
  code: string,
  reservation: SmsReservation,
  release: () => Promise<void>,
): Promise<Result<null>> {
  const config = await siteStub(env, siteId).getConfig();
  const text = smsText(config?.defaultLanguage ?? "", config?.title ?? siteId, code);
  const sent = await smsProvider(env).send({
    siteId,
    to: reservation.to,
    mobile: reservation.mobile,
    text,
    purpose,
    code,
    account: reservation.account,
  });
  if (!sent.ok) await release();
  return sent;
}

/** Idempotent: a retry after a lost answer gets the first answer, and the member no second text. */
export const smsSend: Handler<"smsSend"> = async ({ env, member, body, intent }) => {
  // (the router has answered a key with a stored answer already: no second text)
  const code = newSmsCode();
  const reserved = await member.stub.reserveSms(
    member.proof,
    body.purpose,
    await smsCodeHash(member.memberId, body.purpose, code),
  );
  if (!reserved.ok) return reserved;
  const { id, expiresAt, resendAt, remainingToday } = reserved.data;
  const sent = await deliver(env, member.siteId, body.purpose, code, reserved.data, () => member.stub.releaseSms(id));
  return sent.ok ? member.stub.smsSent(member.proof, intent, { expiresAt, resendAt, remainingToday }) : sent;
};

export const smsVerify: Handler<"smsVerify"> = async ({ member, body }) =>
  member.stub.verifyMobile(member.proof, await smsCodeHash(member.memberId, "verify_mobile", body.code));

// forgotten password (public) -------------------------------------------------------------------

/**
 * Answers 200 alike whether or not account and mobile match, and sends only when they do. The
 * limits that can refuse (per client address, per account name, per number) are counted before
 * the match is known; once past them, nothing the member's own limits or the provider say
 * changes the answer (that would reveal a match), so such a case is only logged.
 *
 * The answer does the same work for a match and a mismatch (the limits, the lookup, a code and
 * its hash) and waits for nothing else: the code is reserved and the text sent after the answer
 * (waitUntil). Sending first made a match answer about 10 ms slower, which told an outsider
 * whether an account and a number belong together.
 */
export const forgotSend: Handler<"forgotSend"> = async ({ env, body, clientAddress, waitUntil }) => {
  const site = siteStub(env, body.siteId);
  if (!(await site.getConfig())) return badRequest("invalid_site");
  // counted per network, as sign-in is: the addresses of one IPv6 /64 are one requester
  const network = clientAddress === null ? null : networkOf(clientAddress);
  // the contract checked the number against its area code's rule: here it takes its stored form
  const mobile = nationalMobile(body.areaCode, body.mobile) ?? body.mobile;
  const counted = await site.forgotRequest(internationalNumber(body.areaCode, mobile), body.account, network);
  if (!counted.ok) return counted;
  const memberId = await site.findMemberByMobile(body.account, body.areaCode, mobile);
  const code = newSmsCode();
  // a mismatch hashes a code too (for nobody), so both answers cost the same
  const codeHash = await smsCodeHash(memberId ?? "nobody", "reset_password", code);
  if (memberId) waitUntil(sendResetCode(env, body.siteId, memberId, code, codeHash));
  return ok(null);
};

/** After forgotSend's answer: reserves the member's reset code and sends it. Failures are only logged. */
async function sendResetCode(
  env: Env,
  siteId: string,
  memberId: string,
  code: string,
  codeHash: string,
): Promise<void> {
  try {
    const stub = memberStub(env, memberId);
    const reserved = await stub.reserveResetSms(siteId, codeHash);
    if (!reserved.ok) {
      log("warn", "forgotSend: no code sent", { siteId, memberId, message: reserved.message });
      return;
    }
    const sent = await deliver(env, siteId, "reset_password", code, reserved.data, () =>
      stub.releaseSms(reserved.data.id),
    );
    if (!sent.ok) log("error", "forgotSend: the code was not sent", { siteId, memberId, message: sent.message });
  } catch (error) {
    log("error", "forgotSend: the code was not sent", { siteId, memberId, ...errorFields(error) });
  }
}

/**
 * An unknown account gets the answer of a wrong code, after the same hashing work, so nothing is
 * revealed. Idempotent (the key is kept by the member): a retry after a lost answer gets the first
 * answer, where the code it carries, used by then, would answer otp_error.
 */
export const forgotReset: Handler<"forgotReset"> = async ({ env, body, clientAddress, intent }) => {
  const site = siteStub(env, body.siteId);
  if (!(await site.getConfig())) return badRequest("invalid_site");
  if (body.newPassword === body.account) return badRequest("password_equals_account");
  const memberId = await site.findMemberId(body.account);
  const [newHash, codeHash] = await Promise.all([
    hashPassword(body.newPassword),
    memberId ? smsCodeHash(memberId, "reset_password", body.code) : sha256Hex(body.code),
  ]);
  if (!memberId) return badRequest("wrong_verification_code");
  // (the new password is not part of what makes a request the same: handlers/idempotency.ts)
  return memberStub(env, memberId).resetPassword(body.siteId, intent, codeHash, newHash, clientAddress);
};

// messages --------------------------------------------------------------------------------------

export const messages: Handler<"messages"> = async ({ member, query }) => member.stub.messages(member.proof, query);

export const sendMessage: Handler<"sendMessage"> = async ({ member, body, intent }) =>
  member.stub.sendMessage(member.proof, intent, body);

export const message: Handler<"message"> = async ({ member, params }) => member.stub.message(member.proof, params.id);

export const replyMessage: Handler<"replyMessage"> = async ({ member, params, body, intent }) =>
  member.stub.replyMessage(member.proof, intent, params.id, body);
