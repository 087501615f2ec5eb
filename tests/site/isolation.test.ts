import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestMember } from "../helpers/platform";
import { freshMember, registerFields, Visitor, type Stack } from "../helpers/site";
import { sharedStack } from "../helpers/shared";
import { PNG_1X1, uploadDocument } from "../platform/money-helpers";

/** Tenant isolation as a browser meets it: a document's address is useless to anyone but its owner. */
let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
});
afterAll(() => stack?.dispose());

/** A member signed up through the site of `origin`; also signed in at the platform, to upload directly. */
async function member(origin: string, account?: string): Promise<{ visitor: Visitor; platformMember: TestMember }> {
  const visitor = new Visitor(stack, origin);
  visitor.cookies.set("locale", "en_US");
  const fields = { ...freshMember(), ...(account ? { account } : {}) };
  expect((await visitor.post("/register", registerFields(fields))).status).toBe(302);
  const siteId = origin.includes("brand2") ? "demo2" : "demo";
  const signin = await stack.platform.call("signin", {
    body: { siteId, account: fields.account, password: fields.password },
  });
  expect(signin.envelope.statusCode, signin.envelope.message).toBe(200);
  return { visitor, platformMember: { ...fields, siteId, token: signin.envelope.data!.token } };
}

const containsPng = (bytes: Uint8Array) => Buffer.from(bytes).includes(PNG_1X1.subarray(0, 8));

describe("/uploaderfile/$fileId across members and sites", () => {
  it("serves a document to its owner, and to another member of the site, or of another site with the same account name, a 404 with no bytes", async () => {
    const owner = await member("http://localhost");
    const uploaded = await uploadDocument(
      stack.platform,
      owner.platformMember,
      "passbook",
      PNG_1X1,
      "passbook.png",
      "image/png",
    );
    expect(uploaded.envelope.statusCode, uploaded.envelope.message).toBe(200);
    const fileId = uploaded.envelope.data!.fileId;

    const own = await owner.visitor.get(`/uploaderfile/${fileId}`);
    expect(own.status).toBe(200);
    expect(containsPng(new Uint8Array(await own.arrayBuffer()))).toBe(true);

    const neighbour = await member("http://localhost");
    const twin = await member("http://brand2.localhost", owner.platformMember.account);
    for (const [who, visitor] of [
      ["another member of the site", neighbour.visitor],
      ["the same account name on another site", twin.visitor],
    ] as const) {
      const response = await visitor.get(`/uploaderfile/${fileId}`);
      expect(response.status, who).toBe(404);
      expect(response.headers.get("content-type"), who).toMatch(/^text\/plain/);
      expect(response.headers.get("cache-control"), who).toBe("private, no-store");
      expect(containsPng(new Uint8Array(await response.arrayBuffer())), who).toBe(false);
      // asking is an error, not the end of the asker's session
      expect((await visitor.get("/user")).status, who).toBe(200);
    }
  });
});
