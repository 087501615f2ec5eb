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

export const ACCESS_JWT_HEADER = "Cf-Access-Jwt-Assertion";

interface Jwk extends JsonWebKey {
  kid?: string;
}

interface AccessConfig {
  teamDomain: string;
  audience: string;
  /** the team's public keys (injectable for tests) */
  fetchKeys?: (certsUrl: string) => Promise<Jwk[]>;
  now?: number;
}

/** Keys are rotated by Cloudflare every few weeks; one isolate keeps them for ten minutes. */
const KEY_TTL_MS = 10 * 60_000;
let cachedKeys: { url: string; keys: Jwk[]; until: number } | undefined;

async function fetchCerts(certsUrl: string): Promise<Jwk[]> {
  const response = await fetch(certsUrl);
  if (!response.ok) throw new Error(`access certs: ${response.status}`);
  const body = (await response.json()) as { keys?: Jwk[] };
  return body.keys ?? [];
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function base64UrlJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(base64UrlBytes(text)));
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** `https://team.cloudflareaccess.com` from `team.cloudflareaccess.com` or a full URL. */
function issuerOf(teamDomain: string): string {
  const host = teamDomain.replace(/^https?:\/\//, "").replace(/\/+$/, "");
  return `https://${host}`;
}

/** Whether `token` is a valid Access token for this team and application, now. */
export async function verifyAccessToken(token: string, config: AccessConfig): Promise<boolean> {
  return (await verifiedClaims(token, config)) !== null;
}

/** The claims of a valid Access token for this team and application, now; null for any other. */
export async function verifiedClaims(token: string, config: AccessConfig): Promise<Record<string, unknown> | null> {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = base64UrlJson(headerPart);
  const payload = base64UrlJson(payloadPart);
  if (!header || !payload || header.alg !== "RS256") return null;

  const issuer = issuerOf(config.teamDomain);
  const now = Math.floor((config.now ?? Date.now()) / 1000);
  const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (payload.iss !== issuer || !audience.includes(config.audience)) return null;
  if (typeof payload.exp !== "number" || payload.exp <= now) return null;
  if (typeof payload.nbf === "number" && payload.nbf > now + 60) return null;

  const certsUrl = `${issuer}/cdn-cgi/access/certs`;
  let keys: Jwk[];
  if (config.fetchKeys) keys = await config.fetchKeys(certsUrl);
  else if (cachedKeys && cachedKeys.url === certsUrl && cachedKeys.until > Date.now()) keys = cachedKeys.keys;
  else {
    keys = await fetchCerts(certsUrl);
    cachedKeys = { url: certsUrl, keys, until: Date.now() + KEY_TTL_MS };
  }
  const jwk = keys.find((key) => key.kid === header.kid);
  if (!jwk) return null;
  const key = await crypto.subtle.importKey("jwk", jwk, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, [
    "verify",
  ]);
  const signed = new TextEncoder().encode(`${headerPart}.${payloadPart}`);
  return (await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, base64UrlBytes(signaturePart), signed)) ? payload : null;
}

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
