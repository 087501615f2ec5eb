import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteInfo } from "../../server/contract";
import { createStack, freshMember, registerFields, startFaultProxy, Visitor, type Stack } from "../helpers/site";

/**
 * Site info with a field left out (server/contract/README.md, "Site info": a missing field is its
 * empty value): the platform's answer passes through a proxy that drops one field of it, every
 * field in turn, and the site still renders its pages, signed out and signed in.
 */

let stack: Stack;
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
/** the field the proxy leaves out of every site info answer, or none */
let drop: string | null = null;
/** fields the platform's answer did not hold in the first place (the test would prove nothing for them) */
const absent = new Set<string>();

beforeAll(async () => {
  proxy = await startFaultProxy(async (request) => {
    const url = new URL(request.url);
    const body = request.method === "GET" ? undefined : await request.text();
    const answer = await stack.platform.fetch(url.pathname + url.search, {
      method: request.method,
      headers: request.headers,
      body,
    });
    if (!drop || !url.pathname.startsWith("/site/info/")) return answer;
    const envelope = (await answer.json()) as { data: Record<string, unknown> };
    if (!(drop in envelope.data)) absent.add(drop);
    delete envelope.data[drop];
    return Response.json(envelope, { status: answer.status });
  });
  stack = await createStack({ platformUrl: proxy.url });
});
afterAll(async () => {
  await stack?.dispose();
  await proxy?.close();
});

const FIELDS = Object.keys(siteInfo.shape).filter((key) => key !== "siteId");

describe("a site info answer without one field", { timeout: 120_000 }, () => {
  it("knows the fields to drop", () => {
    expect(FIELDS.length).toBeGreaterThan(40);
  });

  it("still renders the home page, sign-in, and a member's overview, game and withdrawal pages, field by field", async () => {
    const member = new Visitor(stack);
    expect((await member.post("/register", registerFields(freshMember()))).status).toBe(302);
    const failures: string[] = [];
    for (const field of FIELDS) {
      drop = field;
      for (const [visitor, path] of [
        [new Visitor(stack), "/"],
        [new Visitor(stack), "/login"],
        [member, "/user"],
        [member, "/game"],
        [member, "/user/withdraw"],
      ] as const) {
        const response = await visitor.get(path);
        const html = await response.text();
        if (response.status !== 200 || !html.includes('<main id="main"'))
          failures.push(`${field}: ${path} ${response.status}`);
      }
    }
    drop = null;
    expect(failures).toEqual([]);
    expect([...absent]).toEqual([]);
  });
});
