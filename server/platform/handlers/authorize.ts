import { hashPassword, unmatchableHash, verifyPassword } from "../auth/password";
import { badRequest, fail, ok, type Result } from "../result";
import { memberStub, siteStub } from "../stubs";
import type { Handler } from "./types";

/**
 * Sign-up. Passwords are hashed here, before the site object is called, so that a site's
 * account directory is never held up by PBKDF2. The site object limits sign-ups, and answers
 * about a mobile number, per client network (CLIENT_LIMITS).
 */
export const signup: Handler<"signup"> = async ({ env, body, clientAddress }) => {
  const site = siteStub(env, body.siteId);
  const config = await site.getConfig();
  if (!config) return badRequest("invalid_site");
  if (!config.localsOptions.includes(body.areaCode)) return badRequest("invalid_area_code");
  // The site's forms check these too (app/README.md, "Validation rules"); the platform does not rely on it.
  if (body.password === body.account) return badRequest("password_equals_account");
  if (body.transactionPassword === body.password) return badRequest("transaction_password_equals_login");
  if (body.transactionPassword === body.account) return badRequest("transaction_password_equals_account");
  // a network past its limits is refused before two PBKDF2 runs (and counted in registerAccount)
  const refused = await site.signupRefusal(clientAddress);
  if (refused) return refused;

  const memberId = crypto.randomUUID();
  const [passwordHash, transactionPasswordHash] = await Promise.all([
    hashPassword(body.password),
    hashPassword(body.transactionPassword),
  ]);
  const registered = await site.registerAccount({
    memberId,
    account: body.account,
    areaCode: body.areaCode,
    mobile: body.mobile,
  }, clientAddress);
  if (!registered.ok) return registered;

  try {
    const created = await memberStub(env, memberId).create({
      memberId,
      siteId: body.siteId,
      account: body.account,
      realName: body.realName,
      areaCode: body.areaCode,
      mobile: body.mobile,
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
    console.error("signup: member creation failed", error);
    return fail(500, "registration_error");
  }
  return ok(null);
};

/**
 * Sign-in, limited twice (server/platform/README.md, "Security decisions"): the site object
 * counts the client address's failures and the account name's (per address), and finds the
 * account; the member object checks the password; then the site object settles both attempts
 * with the outcome. An account name that does not exist gets the answer of a wrong password
 * after the same PBKDF2 work, against a hash no password matches, so neither the answer nor its
 * time tells whether the account exists.
 */
export const signin: Handler<"signin"> = async ({ env, body, clientAddress }) => {
  const site = siteStub(env, body.siteId);
  const begun = await site.beginSignin(body.account, clientAddress);
  if (!begun.ok) return begun;
  const { memberId } = begun.data;
  let signedIn: Result<{ token: string }>;
  if (memberId === null) {
    await verifyPassword(body.password, unmatchableHash());
    signedIn = badRequest("wrong_account_or_password");
  } else {
    signedIn = await memberStub(env, memberId).signin(body.siteId, body.password, clientAddress);
  }
  await site.endSignin(begun.data, clientAddress, signedIn.ok);
  return signedIn;
};

export const signout: Handler<"signout"> = async ({ member }) => member.stub.signout(member.proof);

export const accessTokenVerify: Handler<"accessTokenVerify"> = async ({ member }) => member.stub.verify(member.proof);
