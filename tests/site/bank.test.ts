import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatformClient } from "../../server/site/platform-client";
import { createStack, freshMember, registerFields, Visitor, type Stack } from "../helpers/site";

let stack: Stack;
beforeAll(async () => {
  stack = await createStack();
});
afterAll(() => stack?.dispose());

/** A real 1×1 PNG (RGBA), small enough to inline. */
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const png = (name = "document.png") => new File([PNG], name, { type: "image/png" });

async function member(origin = "http://localhost"): Promise<Visitor> {
  const visitor = new Visitor(stack, origin);
  // the tests read English texts, whatever the site's default language
  visitor.cookies.set("locale", "en_US");
  const response = await visitor.post("/register", registerFields(freshMember()));
  expect(response.status).toBe(302);
  return visitor;
}

/** Posts a multipart form as a browser does (Origin, the page's CSRF token) and keeps the cookies it sets. */
async function postMultipart(visitor: Visitor, path: string, fields: Record<string, string | File>): Promise<Response> {
  const form = new FormData();
  form.set("csrf", await visitor.csrf(path));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // encoded here: Miniflare's fetch does not recognise Node's FormData as a body
  const encoded = new Response(form);
  const response = await stack.fetch(visitor.origin + path, {
    method: "POST",
    headers: {
      cookie: visitor.cookieHeader,
      origin: visitor.origin,
      "content-type": encoded.headers.get("content-type")!,
    },
    body: await encoded.arrayBuffer(),
  });
  visitor.keep(response);
  return response;
}

/** Uploads one document through /uploaderfile and returns its fileId as the list shows it. */
async function upload(visitor: Visitor, kind: string, file = png()): Promise<string> {
  const before = fileIds((await visitor.follow("/uploaderfile")).html);
  const response = await postMultipart(visitor, "/uploaderfile", { kind, file });
  expect(response.status).toBe(302);
  const added = fileIds((await visitor.follow("/uploaderfile")).html).filter((id) => !before.includes(id));
  expect(added).toHaveLength(1);
  return added[0]!;
}

const fileIds = (html: string) => [...html.matchAll(/data-testid="document-([^"]+)"/g)].map((m) => m[1]!);
const formKey = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
const bankStatus = (html: string) => /data-testid="bank-status"[^>]*>([^<]+)</.exec(html)?.[1];

const APPLICATION = {
  bank: "First Demo Bank",
  branch: "Main Street",
  accountName: "Site Tester",
  accountNumber: "0012-3456-789",
  currency: "TWD",
  address: "1 Main Street, Taipei",
};

describe("documents (/uploaderfile)", () => {
  it("lists an uploaded PNG and serves its bytes to its owner only", async () => {
    const owner = await member();
    const response = await postMultipart(owner, "/uploaderfile", { kind: "id_front", file: png() });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/uploaderfile");

    const page = (await owner.follow("/uploaderfile")).html;
    expect(page).toContain("Bank data uploaded.");
    const [fileId] = fileIds(page);
    expect(fileId).toBeDefined();
    expect(page).toContain("ID card (front)");
    expect(page).toContain("1 × 1 px");
    expect(page).toContain(`src="/uploaderfile/${fileId}"`);

    const image = await owner.get(`/uploaderfile/${fileId}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toBe("private, no-store");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("content-disposition")).toBe("inline");
    // another brand's page on the same parent domain cannot embed it
    expect(image.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);

    const other = await member();
    const refused = await other.get(`/uploaderfile/${fileId}`);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await refused.text()).toBe("The file does not exist.");
    // asking for someone else's file is an error, not the end of the asker's session
    expect((await other.get("/user")).status).toBe(200);

    const anonymous = await stack.fetch(`http://localhost/uploaderfile/${fileId}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login");
  });

  it("refuses a text file named .png with the translated message and stores nothing", async () => {
    const visitor = await member();
    const fake = new File(["this is not an image"], "passport.png", { type: "image/png" });
    const response = await postMultipart(visitor, "/uploaderfile", { kind: "passbook", file: fake });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Bank data upload failed.");
    expect(html).toContain("Only JPEG, PNG or WebP images can be uploaded.");
    const page = (await visitor.follow("/uploaderfile")).html;
    expect(fileIds(page)).toEqual([]);
    expect(page).toContain("You have not uploaded any documents yet.");
  });

  it("asks for a file when none is chosen", async () => {
    const visitor = await member();
    const response = await postMultipart(visitor, "/uploaderfile", { kind: "id_back", file: new File([], "") });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please choose an image to upload.");
  });

  it("sends the member to sign in first", async () => {
    const response = await stack.fetch("http://localhost/uploaderfile");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
  });
});

describe("the platform client's upload cap", () => {
  it("refuses a file over 5 MB with file_too_large without sending it to the platform", async () => {
    let sent = 0;
    const client = createPlatformClient({
      send: async () => {
        sent += 1;
        return Response.json({ statusCode: 200, message: "ok" });
      },
      siteId: "demo",
      token: () => "a-member-token-of-some-length",
      onSessionEnded: () => new Response(null, { status: 302 }),
    });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    const result = await client.call("upload", { body: { kind: "passbook" }, file: big });
    expect(result).toEqual({ ok: false, status: 400, code: "file_too_large" });
    expect(sent).toBe(0);
  });
});

describe("bank binding (/user/bank)", () => {
  it("puts an application with uploaded documents under review where bankAutoReview is off (demo2)", async () => {
    const visitor = await member("http://brand2.localhost");
    const before = (await visitor.follow("/user/bank")).html;
    expect(bankStatus(before)).toBe("Not bound");
    const idFront = await upload(visitor, "id_front");
    const idBack = await upload(visitor, "id_back");

    const page = (await visitor.follow("/user/bank")).html;
    // the latest upload of each kind is preselected
    expect(page).toMatch(new RegExp(`<option value="${idFront}" selected=""`));
    const response = await postMultipart(visitor, "/user/bank", {
      ...APPLICATION,
      idempotencyKey: formKey(page)!,
      idFrontFileId: idFront,
      idBackFileId: idBack,
      // the passbook travels with the application itself
      passbookFile: png("passbook.png"),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/user/bank");

    const after = (await visitor.follow("/user/bank")).html;
    expect(after).toContain("Bank information submitted for review.");
    expect(bankStatus(after)).toBe("Under review");
    expect(after).toContain("ending in 6789");
    expect(after).not.toContain("0012-3456-789");
    expect(after).toContain("First Demo Bank");
    expect(fileIds((await visitor.follow("/uploaderfile")).html)).toHaveLength(3);
  });

  it("approves at once where bankAutoReview is on, and offers no form after that", async () => {
    await stack.platform.seedSite("demo", { bankAutoReview: true });
    const visitor = await member();
    const page = (await visitor.follow("/user/bank")).html;
    // the site's currency is the default
    expect(page).toMatch(/name="currency"[^>]*value="USD"|value="USD"[^>]*name="currency"/);
    const response = await postMultipart(visitor, "/user/bank", {
      ...APPLICATION,
      currency: "USD",
      idempotencyKey: formKey(page)!,
      idFrontFile: png("front.png"),
      idBackFile: png("back.png"),
      passbookFile: png("passbook.png"),
    });
    expect(response.status).toBe(302);

    const after = (await visitor.follow("/user/bank")).html;
    expect(after).toContain("Bank account bound.");
    expect(bankStatus(after)).toBe("Approved");
    expect(after).not.toContain("Submit for review");
  });

  it("shows a missing field's translated message, keeps the idempotency key and changes nothing", async () => {
    const visitor = await member("http://brand2.localhost");
    const ids = { idFrontFileId: await upload(visitor, "id_front"), idBackFileId: await upload(visitor, "id_back") };
    const passbookFileId = await upload(visitor, "passbook");
    const key = formKey((await visitor.follow("/user/bank")).html)!;
    const { bank: _, ...withoutBank } = APPLICATION;

    const response = await postMultipart(visitor, "/user/bank", {
      ...withoutBank,
      ...ids,
      passbookFileId,
      idempotencyKey: key,
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter the bank.");
    expect(formKey(html)).toBe(key);
    expect(html).toMatch(/id="[^"]+-bank"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="[^"]+-bank"/);

    expect(bankStatus((await visitor.follow("/user/bank")).html)).toBe("Not bound");
  });

  it("asks for each document that has neither an upload nor a file", async () => {
    const visitor = await member();
    const key = formKey((await visitor.follow("/user/bank")).html)!;
    const response = await postMultipart(visitor, "/user/bank", { ...APPLICATION, idempotencyKey: key });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please choose an image of the front of your ID card.");
    expect(html).toContain("Please choose an image of the back of your ID card.");
    expect(html).toContain("Please choose an image of your passbook.");
    expect(bankStatus((await visitor.follow("/user/bank")).html)).toBe("Not bound");
  });
});
