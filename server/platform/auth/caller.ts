import {
  ACCOUNT_MODE_HEADER,
  ALL_SITES,
  OPERATOR_ROLES,
  OWNER_OPERATOR_ID,
  SITE_HEADER,
  siteIdSchema,
} from "../../contract";
import { accountMode } from "../../contract/protection";
import { constantTimeEqualText } from "../crypto";
import { isProduction, type Env } from "../env";
import { accessIdentity } from "./access";
import type { MemberContext, OperatorContext } from "../handlers/types";
import { bearerToken } from "../http";
import { fail, type Result } from "../result";
import { keyProof } from "../operators/keys";
import { memberStub, operatorRegistry } from "../stubs";
import { decodeCredential, sessionProof } from "./token";

/** The site a request names in its header; undefined when absent, null when malformed. */
export function requestSite(request: Request): string | null | undefined {
  const value = request.headers.get(SITE_HEADER);
  if (value === null) return undefined;
  return siteIdSchema.safeParse(value).success ? value : null;
}

/**
 * A member call needs the site header and a token of that site (server/platform/README.md,
 * "Security decisions", tenant isolation). Whether the session is live is the member object's to
 * say, in the same call that does the work.
 */
export async function memberCaller(request: Request, env: Env): Promise<Result<MemberContext>> {
  const siteId = requestSite(request);
  if (!siteId) return fail(400, "invalid_parameters");
  const token = bearerToken(request);
  const credential = token === null ? null : decodeCredential(token);
  if (!credential || credential.siteId !== siteId) return fail(402, "invalid_permission");
  // play money or real (member/practice.ts): absent is real, anything but the two names is malformed
  const modeHeader = request.headers.get(ACCOUNT_MODE_HEADER);
  const mode = accountMode.safeParse(modeHeader ?? "real");
  if (!mode.success) return fail(400, "invalid_parameters");
  return {
    ok: true,
    data: {
      siteId,
      memberId: credential.memberId,
      proof: await sessionProof(credential),
      stub: memberStub(env, credential.memberId),
      mode: mode.data,
    },
  };
}

/**
 * Operator calls carry an operator's key as a bearer token (server/platform/README.md,
 * "Operators"): a key of the registry, or the owner's break-glass OPERATOR_KEY. In production they
 * must also come through Cloudflare Access (./access.ts), and a registry key only with the Access
 * identity of its own operator, so every action is one person's. Any refusal is the same 403.
 */
export async function operatorCaller(request: Request, env: Env): Promise<Result<OperatorContext>> {
  const refused = fail(403, "invalid_permission");
  const given = bearerToken(request) ?? "";
  const production = isProduction(env);
  const proof = await keyProof(given);
  if (proof) {
    const operator = await operatorRegistry(env).authenticate(proof.keyId, proof.hash);
    if (!operator) return refused;
    const access = await accessIdentity(request, env, production);
    if (!access) return refused;
    // in production Access says who is there: it must be the person the key was issued to
    if (production && (operator.email === null || access.email !== operator.email)) return refused;
    return { ok: true, data: { ...operator, accessEmail: access.email } };
  }
  const expected = env.OPERATOR_KEY ?? "";
  const matches = await constantTimeEqualText(given, expected);
  if (expected === "" || !matches) return refused;
  const access = await accessIdentity(request, env, production);
  if (!access) return refused;
  return {
    ok: true,
    data: {
      id: OWNER_OPERATOR_ID,
      name: env.OPERATOR_NAME?.trim() || "owner",
      email: null,
      sites: [ALL_SITES],
      roles: [...OPERATOR_ROLES],
      accessEmail: access.email,
    },
  };
}
