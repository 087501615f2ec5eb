/**
 * The contract's values the back office's routes use in their loaders and actions only. Imported
 * from here, a `.server` module, they stay out of the pages' browser code: the contract's barrel
 * builds every schema when loaded (zod's calls are not tree-shaken), which would put zod and the
 * schemas into a staff page's JavaScript, and tie the member pages' shared chunks to staff pages
 * (server/cli/build/merge-chunks.ts groups code by the pages that load it).
 */
export { ALL_SITES, CALLS, OPERATOR_ROLES, operatorId, siteIdSchema } from "../../server/contract";
