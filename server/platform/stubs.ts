import type { Env } from "./env";

/** One site object per siteId. */
export const siteStub = (env: Env, siteId: string) => env.SITE.get(env.SITE.idFromName(siteId));

/** One member object per member id; ids are random UUIDs, so an object's name cannot be guessed. */
export const memberStub = (env: Env, memberId: string) => env.MEMBER.get(env.MEMBER.idFromName(memberId));
