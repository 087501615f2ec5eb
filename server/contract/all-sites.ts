/**
 * Every site, present and future: an operator's sites are `["*"]` alone when they run them all,
 * which calls naming no site (pairs, the operator registry) need. A module of its own, free of
 * zod, so the back office's menu can read it in the browser (app/backoffice/sections.ts).
 */
export const ALL_SITES = "*";
