import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO2_SITE, DEMO_SITE } from "../../server/cli/seed/sites";
import { renderIcons } from "../../server/cli/operator/icons";
import { readFileSync } from "node:fs";
import { createStack, Visitor, type Stack } from "../helpers/site";

/**
 * The brand on every page and on the home screen (app/README.md, "Brand"): each tenant's manifest
 * lists its own PNG icons (192 and 512, "any" and "maskable") and its theme's colours; the icon
 * URLs answer PNGs of the right size (read from the IHDR chunk); the sign-in and error pages carry
 * the brand.
 */

let stack: Stack;
beforeAll(async () => {
  stack = await createStack();
});
afterAll(() => stack?.dispose());

const TENANTS = [
  { origin: "http://localhost", seed: DEMO_SITE },
  { origin: "http://brand2.localhost", seed: DEMO2_SITE },
] as const;

/** Width and height from a PNG's IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe("IHDR");
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * An icon as a browser fetches it: after the page, with the session cookie the page set (a request
 * that starts a session is answered privately, as every such answer of the site is).
 */
async function icon(origin: string, path: string) {
  const visitor = new Visitor(stack, origin);
  await visitor.get("/login");
  const response = await visitor.get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/png");
  expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
  return new Uint8Array(await response.arrayBuffer());
}

describe("home-screen icons and the manifest", () => {
  it("each tenant's manifest lists its own 192 and 512 PNGs as any and maskable, and its theme's colours", async () => {
    for (const { origin, seed } of TENANTS) {
      const manifest = (await (await stack.fetch(`${origin}/manifest.webmanifest`)).json()) as {
        theme_color: string;
        background_color: string;
        icons: { src: string; sizes?: string; type?: string; purpose?: string }[];
      };
      const theme = seed.config.theme!;
      const palette = theme.defaultScheme === "dark" ? theme.dark : theme.light;
      expect(manifest.theme_color, origin).toBe(palette.surface);
      expect(manifest.background_color, origin).toBe(palette.background);
      for (const size of ["192", "512"]) {
        for (const purpose of ["any", "maskable"]) {
          expect(manifest.icons, `${origin} ${size} ${purpose}`).toContainEqual({
            src: `/icons/${size}.png`,
            sizes: `${size}x${size}`,
            type: "image/png",
            purpose,
          });
        }
      }
      // the wordmark is not a square icon
      expect(manifest.icons.map((i) => i.src)).not.toContain(seed.config.logo);
    }
    // the two demo themes differ, so the manifests do
    const [a, b] = await Promise.all(
      TENANTS.map(async (t) => (await stack.fetch(`${t.origin}/manifest.webmanifest`)).json()),
    );
    expect((a as { theme_color: string }).theme_color).not.toBe((b as { theme_color: string }).theme_color);
  });

  it("answers every icon URL with a PNG of its size, and the page names the apple-touch-icon", async () => {
    for (const { origin } of TENANTS) {
      for (const [path, size] of [
        ["/icons/192.png", 192],
        ["/icons/512.png", 512],
        ["/apple-touch-icon.png", 180],
      ] as const) {
        expect(pngSize(await icon(origin, path)), `${origin}${path}`).toEqual({ width: size, height: size });
      }
      expect((await stack.fetch(`${origin}/icons/64.png`)).status).toBe(404);
      const html = await (await stack.fetch(`${origin}/`)).text();
      expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
    }
  });

  it("serves the icons the operator rendered from the site's mark once they are uploaded, per tenant", async () => {
    const plain = await icon("http://localhost", "/icons/512.png");
    const rendered = await renderIcons(readFileSync("public/brand/demo/favicon.svg", "utf8"), DEMO_SITE.config.theme!);
    for (const [size, png] of rendered) {
      const { envelope } = await stack.platform.operator("operatorPutIcon", {
        params: { siteId: "demo", size },
        body: {},
        file: new Blob([png as Uint8Array<ArrayBuffer>], { type: "image/png" }),
      });
      expect(envelope.statusCode, size).toBe(200);
    }
    const served = await icon("http://localhost", "/icons/512.png");
    expect(Buffer.from(served).equals(Buffer.from(rendered.get("512")!))).toBe(true);
    expect(Buffer.from(served).equals(Buffer.from(plain))).toBe(false);
    // the other tenant still has its own
    expect(Buffer.from(await icon("http://brand2.localhost", "/icons/512.png")).equals(Buffer.from(served))).toBe(
      false,
    );
  });
});

describe("the brand on pages without the site's navigation", () => {
  it("sign-in, sign-up and forgotten password carry the brand linking home, the accent band and the footer", async () => {
    for (const path of ["/login", "/register", "/forgot-password"]) {
      const demo = await (await stack.fetch(`http://localhost${path}`)).text();
      expect(demo, path).toMatch(/<header class="auth-bar">.*?<a class="brand"[^>]* href="\/"/s);
      expect(demo, path).toContain('src="/brand/demo/logo.svg" alt="Demo Trade"');
      expect(demo, path).toContain('class="auth-band"');
      expect(demo, path).toContain('class="site-footer"');
      expect(demo, path).toContain('action="/language"');
      const brand2 = await (await stack.fetch(`http://brand2.localhost${path}`)).text();
      expect(brand2, path).toContain('src="/brand/demo2/favicon.svg"');
      expect(brand2, path).toContain('<span class="brand-name">Brand Two Markets</span>');
    }
  });

  it("the 404 page is inside the site's header and footer, with the brand", async () => {
    const response = await stack.fetch("http://brand2.localhost/no-such-page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('class="site-header"');
    expect(html).toContain('<span class="brand-name">Brand Two Markets</span>');
    expect(html).toContain('class="site-footer"');
    expect(html).toContain('class="main error-page"');
  });
});
