import { describe, expect, it } from "vitest";
import type { Env } from "../../server/site/env";
import { resolveSiteId } from "../../server/site/tenant";

/** An environment whose TENANTS namespace is a map, counting its reads. */
function envWith(entries: Record<string, string>) {
  const kv = new Map(Object.entries(entries));
  let reads = 0;
  const env = {
    TENANT_HOSTS: { "fallback.example": "demo" },
    TENANTS: {
      get: async (key: string) => {
        reads += 1;
        return kv.get(key) ?? null;
      },
    },
  } as unknown as Env;
  return { env, kv, reads: () => reads };
}

describe("tenant resolution", () => {
  it("reads TENANTS once for a resolved hostname within a minute, then again", async () => {
    const { env, reads } = envWith({ "acme.example": "acme" });
    const t0 = 1_000_000;
    expect(await resolveSiteId(env, "ACME.example", t0)).toBe("acme");
    expect(await resolveSiteId(env, "acme.example", t0 + 59_000)).toBe("acme");
    expect(reads()).toBe(1);
    expect(await resolveSiteId(env, "acme.example", t0 + 61_000)).toBe("acme");
    expect(reads()).toBe(2);
  });

  it("asks again for a hostname it could not resolve, so a new mapping answers at once", async () => {
    const { env, kv, reads } = envWith({});
    const t0 = 2_000_000;
    expect(await resolveSiteId(env, "new.example", t0)).toBeUndefined();
    kv.set("new.example", "demo2");
    expect(await resolveSiteId(env, "new.example", t0 + 1_000)).toBe("demo2");
    expect(reads()).toBe(2);
  });

  it("falls back to the configured map when TENANTS has no entry", async () => {
    const { env } = envWith({});
    expect(await resolveSiteId(env, "fallback.example", 3_000_000)).toBe("demo");
  });
});
