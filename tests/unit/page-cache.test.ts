import { describe, expect, it } from "vitest";
import type { SiteInfo } from "../../server/contract";
import { cachedPage, cutOut, keepPage } from "../../server/site/page-cache";
import { PAGE_CACHE_ANONYMOUS, PAGE_CACHE_HEADER } from "../../app/utils/shared-page";

const snapshot = () => ({}) as SiteInfo;
const page = (html: string, status = 200, optIn = true, type = "text/html; charset=utf-8") =>
  new Response(html, {
    status,
    headers: { "content-type": type, ...(optIn ? { [PAGE_CACHE_HEADER]: PAGE_CACHE_ANONYMOUS } : {}) },
  });
const A = { csrf: "csrfAAAAAAAAAAAAAAAAAAAA", nonce: "nonce+AA/AAAAAAA==" };
const B = { csrf: "csrfBBBBBBBBBBBBBBBBBBBB", nonce: "nonce+BB/BBBBBBB==" };
const html = `<script nonce="${A.nonce}"></script><input name="csrf" value="${A.csrf}"><script>{"csrf":"${A.csrf}"}</script>`;

describe("page cache", () => {
  it("cuts a page at every CSRF token and nonce, even where they hold regex characters", () => {
    const { parts, slots } = cutOut(html, A);
    expect(slots).toEqual(["nonce", "csrf", "csrf"]);
    expect(parts.join("")).not.toContain("AAAA");
  });

  it("answers a stored page with the next visitor's token and nonce, and strips the opt-in header", async () => {
    const site = snapshot();
    const first = await keepPage(site, "k", page(html), A);
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect(await first.text()).toBe(html);
    const second = cachedPage(site, "k", B)!;
    const text = await second.text();
    expect(text).toBe(html.replaceAll(A.csrf, B.csrf).replaceAll(A.nonce, B.nonce));
    expect(second.headers.get(PAGE_CACHE_HEADER)).toBeNull();
  });

  it("stores nothing for another key, another site snapshot, an error status, a non-HTML answer or a route that did not opt in", async () => {
    const site = snapshot();
    await keepPage(site, "error", page(html, 500), A);
    await keepPage(site, "json", page(html, 200, true, "application/json"), A);
    const plain = await keepPage(site, "plain", page(html, 200, false), A);
    expect(await plain.text()).toBe(html);
    await keepPage(site, "k", page(html), A);
    for (const key of ["error", "json", "plain", "other"]) expect(cachedPage(site, key, B)).toBeUndefined();
    expect(cachedPage(snapshot(), "k", B)).toBeUndefined();
    expect(cachedPage(site, "k", B)).toBeDefined();
  });
});
