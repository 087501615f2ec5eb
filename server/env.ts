import { z } from "zod";

/** The site worker's environment, checked once per isolate (bindings are not serialisable, so they are typed apart). */
const varsSchema = z.object({
  ENVIRONMENT: z.enum(["development", "production"]).default("production"),
  PLATFORM_URL: z.string().url().optional(),
  /** JSON map hostname → siteId used when TENANTS has no entry */
  TENANT_HOSTS: z
    .string()
    .default("{}")
    .transform((raw, ctx) => {
      try {
        return z.record(z.string()).parse(JSON.parse(raw));
      } catch {
        ctx.addIssue({ code: "custom", message: "TENANT_HOSTS must be a JSON object of hostname → siteId" });
        return z.NEVER;
      }
    }),
  SITE_INFO_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** comma-separated; the first signs, all verify (rotation) */
  SESSION_SECRETS: z
    .string()
    .transform((s) => s.split(",").map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.string().min(32)).min(1)),
});

export interface Bindings {
  TENANTS: KVNamespace;
  ASSETS?: Fetcher;
  /** service binding to the platform; when absent, PLATFORM_URL is used */
  PLATFORM?: Fetcher;
}

export type Env = z.infer<typeof varsSchema> & Bindings;

let cached: { raw: unknown; env: Env } | undefined;

export function parseEnv(raw: Record<string, unknown>): Env {
  if (cached?.raw === raw) return cached.env;
  const vars = varsSchema.parse(raw);
  if (!raw.PLATFORM && !vars.PLATFORM_URL) throw new Error("either a PLATFORM service binding or PLATFORM_URL is required");
  const b = raw as unknown as Bindings;
  const env: Env = { ...vars, TENANTS: b.TENANTS, ASSETS: b.ASSETS, PLATFORM: b.PLATFORM };
  cached = { raw, env };
  return env;
}
