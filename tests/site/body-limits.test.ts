/**
 * A form body over the size limit is refused from its Content-Length, before the worker reads it
 * (server/site/guards.ts): nothing reaches the platform, and the member is told why.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../server/site/guards";
import { freshMember, registerFields, Visitor, type Stack } from "../helpers/site";
import { sharedStack } from "../helpers/shared";

let stack: Stack;
let visitor: Visitor;
beforeAll(async () => {
  stack = await sharedStack();
  visitor = new Visitor(stack);
  visitor.cookies.set("locale", "en_US");
  expect((await visitor.post("/register", registerFields(freshMember()))).status).toBe(302);
});
afterAll(() => stack?.dispose());

async function postBody(
  path: string,
  body: Uint8Array<ArrayBuffer>,
  contentType: string,
  headers: Record<string, string> = {},
) {
  return stack.fetch(`http://localhost${path}`, {
    method: "POST",
    headers: { cookie: visitor.cookieHeader, origin: "http://localhost", "content-type": contentType, ...headers },
    body,
  });
}

/** A multipart body of `size` bytes whose first part is the page's real CSRF token. */
async function multipart(size: number): Promise<{ body: Uint8Array<ArrayBuffer>; type: string }> {
  const boundary = "----limit-test";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${await visitor.csrf("/uploaderfile")}\r\n--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nid_front\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const body = new Uint8Array(size);
  body.set(new TextEncoder().encode(head));
  body.set(new TextEncoder().encode(tail), size - tail.length);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

async function documentCount(): Promise<number> {
  const html = (await visitor.follow("/uploaderfile")).html;
  return (html.match(/src="\/uploaderfile\/[^"]+"/g) ?? []).length;
}

describe("form bodies over the limit", () => {
  it("refuses a multipart body one byte over the limit with 413, and stores nothing", async () => {
    const before = await documentCount();
    const { body, type } = await multipart(MAX_BODY_BYTES.multipart + 1);
    const response = await postBody("/uploaderfile", body, type);
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("The image is larger than 5 MB.");
    expect(await documentCount()).toBe(before);
  });

  it("reads a multipart body at the limit (the platform then judges the image)", async () => {
    const { body, type } = await multipart(MAX_BODY_BYTES.multipart);
    const response = await postBody("/uploaderfile", body, type);
    expect(response.status).not.toBe(413);
  });

  it("refuses a plain form over 64 KB with 413", async () => {
    const fields = new URLSearchParams({
      csrf: await visitor.csrf("/user/message"),
      content: "x".repeat(MAX_BODY_BYTES.form),
    });
    const response = await postBody(
      "/user/message",
      new TextEncoder().encode(fields.toString()),
      "application/x-www-form-urlencoded",
    );
    expect(response.status).toBe(413);
  });

  it("still takes an ordinary form, whose body reaches the action intact after the CSRF check", async () => {
    const response = await visitor.post("/language", { locale: "ja_JP", redirectTo: "/terms" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/terms");
    expect(response.headers.get("set-cookie")).toContain("locale=ja_JP");
  });
});
