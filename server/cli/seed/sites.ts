import { DEMO_SITE } from "./demo/site";
import { DEMO2_SITE } from "./demo2/site";
import type { SeedSite } from "./shape";

/**
 * The two demo sites of development and tests, created through the operator API by
 * `npm run operator -- seed`. They differ in everything a tenant can brand, so that a page
 * showing one site's content on the other's hostname is easy to see. Each site is a folder: its
 * configuration (site.ts) and its words, one file per language; what both sites publish is in
 * texts/, one file per language.
 */

export type { SeedSite } from "./shape";
export { DEMO_SITE } from "./demo/site";
export { DEMO2_SITE, DEMO2_USDT_XPUB } from "./demo2/site";

export const SEED_SITES: readonly SeedSite[] = [DEMO_SITE, DEMO2_SITE];
