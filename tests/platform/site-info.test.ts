import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatform, type Platform } from "../helpers/platform";

let platform: Platform;
beforeAll(async () => {
  platform = await createPlatform();
});
afterAll(() => platform.dispose());

describe("siteInfo", () => {
  it("returns every configured field of a site an operator created", async () => {
    await platform.seedSite("info-site", { title: "Info Site" });
    const { status, envelope } = await platform.call("siteInfo", { params: { siteId: "info-site" } });
    expect(status).toBe(200);
    expect(envelope).toMatchObject({ statusCode: 200, message: "ok" });
    expect(envelope.data).toMatchObject({ siteId: "info-site", title: "Info Site", currency: "USD" });
  });

  it("answers invalid_site for a site no operator created", async () => {
    const { status, envelope } = await platform.call("siteInfo", { params: { siteId: "no-such-site" } });
    expect(status).toBe(400);
    expect(envelope).toEqual({ statusCode: 400, message: "invalid_site" });
  });
});
