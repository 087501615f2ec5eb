import { networkOf } from "../../contract/network";
import { hashPassword, unmatchableHash, verifyPassword } from "../auth/password";
import { turnstileSecret, verifyTurnstile } from "../auth/turnstile";
import { randomBytes, sha256Hex, toBase64Url } from "../crypto";
import type { SigninCaller } from "../signin-limits";
import { badRequest, fail, ok, type Result } from "../result";
import { memberStub, siteStub } from "../stubs";
import type { Handler } from "./types";
import { nationalMobile } from "#rules/mobile";
import { errorFields, log } from "../../log/log";

/**
 * Sign-up. Passwords are hashed here, before the site object is called, so that a site's
 * account directory is never held up by PBKDF2. The site object limits sign-ups, and answers
 * about a mobile number, per client network (CLIENT_LIMITS).
 */
export const signup: Handler<"signup"> = async ({ env, body, clientAddress }) => {
  const site = siteStub(env, body.siteId);
  const config = await site.getConfig();
  if (!config) return badRequest("invalid_site");
  // The transaction password, real name and mobile are optional (server/platform/README.md,
  // "Sign-up"): each given one is checked as before; a withdrawal asks for the missing ones.
  if (body.mobile !== undefined && body.areaCode === undefined) return badRequest("update_area_code_first");
  if (body.areaCode !== undefined && body.mobile === undefined) return badRequest("update_mobile_first");
  if (body.areaCode !== undefined && !config.localsOptions.includes(body.areaCode))
    return badRequest("invalid_area_code");
  // The site's forms check these too (app/README.md, "Validation rules"); the platform does not rely on it.
  if (body.password === body.account) return badRequest("password_equals_account");
  if (body.transactionPassword === body.password) return badRequest("transaction_password_equals_login");
  if (body.transactionPassword === body.account) return badRequest("transaction_password_equals_account");
  // a network past its limits is refused before two PBKDF2 runs (and counted in registerAccount)
  const refused = await site.signupRefusal(clientAddress);
  if (refused) return refused;

  const memberId = crypto.randomUUID();
  // no transaction password yet is the empty hash, the one setting it later needs no old one for
  const [passwordHash, transactionPasswordHash] = await Promise.all([
    hashPassword(body.password),
    body.transactionPassword === undefined ? "" : hashPassword(body.transactionPassword),
  ]);
  const areaCode = body.areaCode ?? "";
  // stored in its canonical national form (server/rules/mobile.ts); the contract checked the rule
  const mobile = body.mobile === undefined ? "" : nationalMobile(areaCode, body.mobile);
  if (mobile === null) return badRequest("invalid_parameters");
  const registered = await site.registerAccount({ memberId, account: body.account, areaCode, mobile }, clientAddress);
  if (!registered.ok) return registered;

  try {
    const created = await memberStub(env, memberId).create({
      memberId,
      siteId: body.siteId,
      account: body.account,
      realName: body.realName ?? "",
      areaCode,
      mobile,
      inviteCode: registered.data.inviteCode,
      referralCode: body.referralCode ?? "",
      passwordHash,
      transactionPasswordHash,
      currency: config.currency,
      games: config.games.map((g) => g.code),
    });
    if (!created.ok) throw new Error(`member ${memberId} already existed`);
  } catch (error) {
    // Free the account and mobile again, so a retry of the same sign-up can succeed.
    await site.unregisterAccount(memberId);
    log("error", "signup: member creation failed", errorFields(error));
    return fail(500, "registration_error");
  }
  return ok(null);
};

/**
 * Sign-in, limited per account, per network and per known device (server/platform/README.md,
 * "Security decisions"; ../signin-limits.ts). The site object passes the caller through its gates
 * and finds the account; when only the challenge is left and an answer came with the request, it
 * is checked here (siteverify is a network call, which the object must not wait on) and the gates
 * are passed again with the outcome. The member object checks the password; then the site object
 * settles the attempt. An account name that does not exist gets the answer of a wrong password
 * after the same PBKDF2 work, against a hash no password matches, so neither the answer nor its
 * time tells whether the account exists. A success from a device the account does not know yet
 * hands out a new device token, which the site keeps in a signed cookie.
 */
export const signin: Handler<"signin"> = async ({ env, body, clientAddress }) => {
  const site = siteStub(env, body.siteId);
  const caller: SigninCaller = {
    account: body.account,
    network: clientAddress === null ? null : networkOf(clientAddress),
    device: body.device === undefined ? null : await sha256Hex(`device:${body.device}`),
    challenge: body.challenge === undefined ? "none" : "sent",
  };
  let begun = await site.beginSignin(caller);
  if (!begun.ok && "verify" in begun) {
    const passed = await verifyTurnstile(body.challenge ?? "", clientAddress, { secret: turnstileSecret(env) });
    caller.challenge = passed ? "passed" : "failed";
    begun = await site.beginSignin(caller);
  }
  if (!begun.ok) return "verify" in begun ? fail(500, "internal_error") : begun;
  const { memberId } = begun.data;
  let signedIn: Result<{ token: string; redirectUrl?: string }>;
  if (memberId === null) {
    await verifyPassword(body.password, unmatchableHash());
    signedIn = badRequest("wrong_account_or_password");
  } else {
    signedIn = await memberStub(env, memberId).signin(body.siteId, body.password, clientAddress);
  }
  let device = body.device;
  let newDevice: string | null = null;
  if (signedIn.ok && begun.data.taken.knownDevice === null) {
    device = toBase64Url(randomBytes(32));
    newDevice = await sha256Hex(`device:${device}`);
  }
  await site.endSignin(begun.data, caller, clientAddress, signedIn.ok, newDevice);
  return signedIn.ok ? ok({ ...signedIn.data, device }) : signedIn;
};

export const signout: Handler<"signout"> = async ({ member }) => member.stub.signout(member.proof);

export const accessTokenVerify: Handler<"accessTokenVerify"> = async ({ member }) => member.stub.verify(member.proof);
