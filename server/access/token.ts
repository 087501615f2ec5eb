/**
 * Checking a Cloudflare Access token (`Cf-Access-Jwt-Assertion`, RS256, signed with the team's keys
 * published at `https://<team>.cloudflareaccess.com/cdn-cgi/access/certs`): its issuer, audience,
 * time and signature. Both workers check it: the platform on every operator call
 * (server/platform/auth/access.ts), the site on every request to the back office on the operator
 * hostname (server/site/backoffice.ts). One home, so the two cannot check it differently.
 */

export const ACCESS_JWT_HEADER = "Cf-Access-Jwt-Assertion";

interface Jwk extends JsonWebKey {
  kid?: string;
}

export interface AccessConfig {
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
