import type { Env } from "./env";
import { REGISTRY } from "./operators/registry";

/** One site object per siteId. */
export const siteStub = (env: Env, siteId: string) => env.SITE.get(env.SITE.idFromName(siteId));

/** One member object per member id; ids are random UUIDs, so an object's name cannot be guessed. */
export const memberStub = (env: Env, memberId: string) => env.MEMBER.get(env.MEMBER.idFromName(memberId));

/** One market object per trading pair, named by its symbol. */
export const marketStub = (env: Env, symbol: string) => env.MARKET.get(env.MARKET.idFromName(symbol));

/** The operator registry: one object for the platform. */
export const operatorRegistry = (env: Env) => env.OPERATORS.get(env.OPERATORS.idFromName(REGISTRY));
