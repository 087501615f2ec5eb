import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "../../server/contract";
import { createPlatform, type Platform } from "../helpers/platform";

/**
 * Sign-in tells nobody whether an account exists, by its time either (server/platform/README.md,
 * "Security decisions"): a name that does not exist costs the same password hash as a wrong
 * password. Proven by counting the hashes the platform computes rather than by timing them, which
 * a busy machine would make flaky: the entry counts every PBKDF2 derivation of its isolate.
 */
const ENTRY = `
  import worker, { MarketObject, MemberObject, SiteObject, OperatorObject } from "./worker.js";
  export { MarketObject, MemberObject, SiteObject, OperatorObject };
  let derived = 0;
  const subtle = crypto.subtle;
  const deriveBits = subtle.deriveBits.bind(subtle);
  subtle.deriveBits = (algorithm, ...rest) => {
    if (algorithm?.name === "PBKDF2") derived += 1;
    return deriveBits(algorithm, ...rest);
  };
  export default {
    async fetch(request, env, ctx) {
      if (new URL(request.url).pathname === "/__test__/derived") return new Response(String(derived));
      return worker.fetch(request, env, ctx);
    },
  };
`;
const SITE = "signin-work";
let platform: Platform;
let network = 0;

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: ENTRY });
  await platform.seedSite(SITE);
});
afterAll(() => platform.dispose());

const derived = async () => Number(await (await platform.fetch("/__test__/derived")).text());
/** The PBKDF2 derivations one sign-in costs, and its answer (each from a network of its own, so no limit comes between). */
async function costOf(account: string, password: string) {
  network += 1;
  const before = await derived();
  const { envelope } = await platform.call("signin", {
    body: { siteId: SITE, account, password },
    headers: { [CLIENT_ADDRESS_HEADER]: `198.51.100.${network}` },
  });
  return { envelope, hashes: (await derived()) - before };
}

describe("sign-in costs the same for an account that does not exist", () => {
  it("computes one password hash for a wrong password, an unknown account and a right password alike", async () => {
    const m = await platform.signupMember(SITE);
    const wrong = await costOf(m.account, "wrong-guess-1");
    const unknown = await costOf(`${m.account}zz`, "wrong-guess-1");
    const right = await costOf(m.account, m.password);
    expect(wrong.envelope).toEqual({ statusCode: 400, message: "wrong_account_or_password" });
    expect(unknown.envelope).toEqual(wrong.envelope);
    expect(right.envelope.statusCode).toBe(200);
    expect([wrong.hashes, unknown.hashes, right.hashes]).toEqual([1, 1, 1]);
  });
});
