/**
 * Cloudflare Access in front of the operator API. In production the platform has no public route
 * but the operator hostname, which an Access application guards; Access signs every request it
 * lets through with a JWT in `Cf-Access-Jwt-Assertion` (RS256, keys published at
 * `https://<team>.cloudflareaccess.com/cdn-cgi/access/certs`). The platform checks that token
 * itself, so a route added without Access, or a request that reaches the worker some other way,
 * still cannot operate a site. Access proves who the person is (the token's `email`), and that
 * person must be the one the operator key belongs to (server/platform/README.md, "Operators").
 */
import type { Env } from "../env";
import { errorFields, log } from "../../log/log";
import { ACCESS_JWT_HEADER, verifiedClaims } from "../../access/token";

export { ACCESS_JWT_HEADER, verifiedClaims, verifyAccessToken } from "../../access/token";

/** Who Access let through: the verified token's email (lower case), null when it names none. */
export type AccessIdentity = { email: string | null };

/**
 * In production an operator call needs a valid Access token as well as the operator key; without
 * an Access configuration no operator call is allowed there at all. Development has no Access:
 * its identity names nobody. Answers null when the call is refused.
 */
export async function accessIdentity(request: Request, env: Env, production: boolean): Promise<AccessIdentity | null> {
  if (!production) return { email: null };
  if (!env.ACCESS_TEAM_DOMAIN || !env.ACCESS_AUD) {
    log("error", "operator call refused: ACCESS_TEAM_DOMAIN and ACCESS_AUD are not set (docs/deploy.md)");
    return null;
  }
  const token = request.headers.get(ACCESS_JWT_HEADER);
  if (!token) return null;
  try {
    const claims = await verifiedClaims(token, { teamDomain: env.ACCESS_TEAM_DOMAIN, audience: env.ACCESS_AUD });
    if (!claims) return null;
    return { email: typeof claims.email === "string" && claims.email !== "" ? claims.email.toLowerCase() : null };
  } catch (error) {
    log("error", "operator call refused: the Access token could not be checked", errorFields(error));
    return null;
  }
}
