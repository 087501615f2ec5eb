import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRequest, type CallData, type CallInput, type CallName, type Envelope } from "../../server/contract";
import { PLATFORM_WORKER_NAME, platformWorkerOptions } from "../helpers/platform";

/**
 * In production a registry key works only with its own person's Cloudflare Access login
 * (server/platform/README.md, "Operators"): the verified token's email must be the operator's, so
 * an action is always one person's. The Access keys are served to the platform by Miniflare's
 * outbound service, as Cloudflare would serve the team's certificates.
 */
const TEAM = "ops-team.cloudflareaccess.com";
const AUD = "aud-operators-test";
const OWNER_KEY = "owner-key-for-the-production-test-0123456789";
const SITE = "ops-prod";

let mf: Miniflare;
let keys: CryptoKeyPair;
let jwk: JsonWebKey;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const json = (value: unknown) => b64url(new TextEncoder().encode(JSON.stringify(value)));

/** An Access token for `email` (a service token's has none), signed by the team's key. */
async function accessToken(email?: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const head = json({ alg: "RS256", kid: "k1", typ: "JWT" });
  const body = json({
    iss: `https://${TEAM}`,
    aud: [AUD],
    exp: now + 600,
    iat: now,
    ...(email ? { email } : { common_name: "svc.access" }),
  });
  const signature = await crypto.subtle.sign(
    "RSASSA-PKCS1-v1_5",
    keys.privateKey,
    new TextEncoder().encode(`${head}.${body}`),
  );
  return `${head}.${body}.${b64url(new Uint8Array(signature))}`;
}

async function call<N extends CallName>(
  name: N,
  input: Partial<CallInput<N>>,
  access?: string,
): Promise<Envelope<CallData<N>>> {
  const request = callRequest(name, input as CallInput<N>, "http://platform.test");
  const headers = new Headers(request.headers);
  if (access) headers.set("Cf-Access-Jwt-Assertion", access);
  const worker = await mf.getWorker(PLATFORM_WORKER_NAME);
  const body = request.body ? await request.arrayBuffer() : undefined;
  const response = (await worker.fetch(request.url, {
    method: request.method,
    headers: [...headers],
    body,
  } as never)) as unknown as Response;
  return (await response.json()) as Envelope<CallData<N>>;
}

beforeAll(async () => {
  const params = {
    name: "RSASSA-PKCS1-v1_5",
    modulusLength: 2048,
    publicExponent: new Uint8Array([1, 0, 1]),
    hash: "SHA-256",
  };
  keys = (await crypto.subtle.generateKey(params, true, ["sign", "verify"])) as CryptoKeyPair;
  jwk = { ...(await crypto.subtle.exportKey("jwk", keys.publicKey)), kid: "k1" } as JsonWebKey;
  mf = new Miniflare({
    workers: [
      {
        ...platformWorkerOptions(OWNER_KEY, {
          ENVIRONMENT: "production",
          OPERATOR_NAME: "Owner Ong",
          SMS_PROVIDER: "http",
          SMS_PROVIDER_URL: "https://sms.example/send",
          SMS_PROVIDER_KEY: "sms-key",
          ACCESS_TEAM_DOMAIN: TEAM,
          ACCESS_AUD: AUD,
          // production refuses to start without a Turnstile secret of its own (server/platform/env.ts)
          TURNSTILE_SECRET_KEY: "0x4AAAAAAA-operators-access-test",
        }),
        outboundService: (request) =>
          new URL(request.url).pathname === "/cdn-cgi/access/certs"
            ? Response.json({ keys: [jwk] })
            : new Response("no", { status: 404 }),
      },
    ],
  });
  await mf.ready;
  const seeded = await call(
    "operatorPutSite",
    { params: { siteId: SITE }, body: {}, token: OWNER_KEY },
    await accessToken("owner@ops.example"),
  );
  expect(seeded.statusCode, seeded.message).toBe(200);
});
afterAll(() => mf?.dispose());

describe("an operator's key in production", () => {
  it("works only with the Access login of its own person", async () => {
    const created = await call(
      "operatorCreate",
      { body: { name: "Mei", email: "mei@ops.example", sites: [SITE], roles: ["finance"] }, token: OWNER_KEY },
      await accessToken("owner@ops.example"),
    );
    expect(created.statusCode, created.message).toBe(200);
    const key = created.data!.key;
    const list = (access?: string) =>
      call("operatorDeposits", { params: { siteId: SITE }, query: {}, token: key }, access);

    expect((await list(await accessToken("MEI@ops.example"))).statusCode).toBe(200);
    expect(await list(await accessToken("someone-else@ops.example"))).toEqual({
      statusCode: 403,
      message: "invalid_permission",
    });
    // a service token names no person
    expect((await list(await accessToken())).statusCode).toBe(403);
    expect((await list()).statusCode).toBe(403);
  });

  it("refuses the key of an operator without an Access email", async () => {
    const created = await call(
      "operatorCreate",
      { body: { name: "Nobody", sites: [SITE], roles: ["finance"] }, token: OWNER_KEY },
      await accessToken("owner@ops.example"),
    );
    const key = created.data!.key;
    const answer = await call(
      "operatorDeposits",
      { params: { siteId: SITE }, query: {}, token: key },
      await accessToken("nobody@ops.example"),
    );
    expect(answer.statusCode).toBe(403);
  });

  it("names the person behind the owner key: its name and the Access login that came with it", async () => {
    const access = await accessToken("ong@ops.example");
    expect(
      (
        await call(
          "operatorSetChatLink",
          { params: { siteId: SITE }, body: { link: "https://chat.example/ops" }, token: OWNER_KEY },
          access,
        )
      ).statusCode,
    ).toBe(200);
    const log = await call(
      "operatorAudit",
      { params: { siteId: SITE }, query: { pageSize: 50 } as never, token: OWNER_KEY },
      access,
    );
    const entry = log.data!.items.find((e) => e.details.call === "operatorSetChatLink");
    expect(entry).toMatchObject({
      operator: { id: "owner", name: "Owner Ong" },
      details: { accessEmail: "ong@ops.example", site: SITE },
    });
  });
});
