import { ACCOUNT_MODE_HEADER, SITE_HEADER, siteIdSchema } from "../../contract";
import { accountMode } from "../../contract/protection";
import { constantTimeEqualText } from "../crypto";
import { isProduction, type Env } from "../env";
import { accessAllows } from "./access";
import type { MemberContext } from "../handlers/types";
import { bearerToken } from "../http";
import { fail, type Failure, type Result } from "../result";
import { memberStub } from "../stubs";
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
 * Operator calls carry the operator key as a bearer token; nothing is allowed while no key is set.
 * In production they must also come through Cloudflare Access (./access.ts).
 */
export async function checkOperator(request: Request, env: Env): Promise<Failure | null> {
  const expected = env.OPERATOR_KEY ?? "";
  const given = bearerToken(request) ?? "";
  const matches = await constantTimeEqualText(given, expected);
  if (expected === "" || !matches) return fail(403, "invalid_permission");
  return (await accessAllows(request, env, isProduction(env))) ? null : fail(403, "invalid_permission");
}
