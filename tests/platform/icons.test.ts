import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESIGN_DEFAULTS, ICON_MAX_BYTES } from "../../server/contract";
import { solidPng } from "../../server/platform/site/png";
import type { Platform } from "../helpers/platform";
import { sharedPlatform } from "../helpers/shared";

/**
 * A site's home-screen icons at the platform (server/platform/README.md, "Icons"): the operator
 * stores a PNG of exactly the size its path names; until then the public call answers a plain
 * square of the site's accent, so the manifest's icons always exist.
 */

let platform: Platform;
beforeAll(async () => {
  platform = await sharedPlatform();
  await platform.seedSite("icons-a", {
    theme: {
      light: { accent: "#0f766e", background: "#f3f7f6", surface: "#ffffff" },
      dark: { accent: "#2dd4bf", background: "#0b1413", surface: "#12201e" },
      defaultScheme: "system",
      upDown: "locale",
      logo: "wordmark",
      ...DESIGN_DEFAULTS,
    },
  });
  await platform.seedSite("icons-b");
});
afterAll(() => platform.dispose());

const put = (siteId: string, size: "180" | "192" | "512", bytes: Uint8Array) =>
  platform.operator("operatorPutIcon", {
    params: { siteId, size },
    body: {},
    file: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "image/png" }),
  });
const get = async (siteId: string, size: string) => {
  const response = await platform.fetch(`/site/icon/${siteId}/${size}`);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
};

/** The RGB of a PNG's first pixel, from the PNG's own chunks (our encoder: RGB, filter 0). */
function firstPixel(png: Uint8Array): number[] {
  const view = new DataView(png.buffer, png.byteOffset);
  let at = 8;
  const idat: Uint8Array[] = [];
  while (at < png.length) {
    const length = view.getUint32(at);
    const type = new TextDecoder().decode(png.subarray(at + 4, at + 8));
    if (type === "IDAT") idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  return [...raw.subarray(1, 4)];
}

describe("siteIcon", () => {
  it("answers a plain square of the site's light accent before the operator uploads one", async () => {
    const { response, bytes } = await get("icons-a", "192");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(new DataView(bytes.buffer).getUint32(16)).toBe(192);
    expect(firstPixel(bytes)).toEqual([0x0f, 0x76, 0x6e]);
    // another site: the default theme's blue
    expect(firstPixel((await get("icons-b", "192")).bytes)).toEqual([0x0b, 0x5c, 0xad]);
  });

  it("answers the uploaded PNG once the operator stored one, for that site only", async () => {
    const png = await solidPng(512, "#123456");
    expect((await put("icons-a", "512", png)).envelope).toEqual({
      statusCode: 200,
      message: "ok",
      data: { size: 512, bytes: png.length },
    });
    expect((await get("icons-a", "512")).bytes).toEqual(png);
    expect(firstPixel((await get("icons-b", "512")).bytes)).toEqual([0x0b, 0x5c, 0xad]);
  });

  it("answers invalid_site for a site no operator created, and refuses a size not offered", async () => {
    const { response, bytes } = await get("no-such-site", "192");
    expect(response.status).toBe(400);
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual({ statusCode: 400, message: "invalid_site" });
    expect((await get("icons-a", "64")).response.status).toBe(400);
  });
});

describe("operatorPutIcon", () => {
  it("refuses what is not a PNG of exactly its size, or too large, and keeps the stored icon", async () => {
    const stored = await solidPng(180, "#654321");
    expect((await put("icons-a", "180", stored)).envelope.statusCode).toBe(200);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await put("icons-a", "180", svg)).envelope.message).toBe("file_invalid_type");
    expect((await put("icons-a", "180", await solidPng(192, "#654321"))).envelope.message).toBe("invalid_parameters");
    const huge = new Uint8Array(ICON_MAX_BYTES + 1);
    huge.set(stored);
    expect((await put("icons-a", "180", huge)).envelope.message).toBe("file_too_large");
    expect((await put("no-such-site", "180", stored)).envelope.message).toBe("invalid_site");
    expect((await get("icons-a", "180")).bytes).toEqual(stored);
  });
});
