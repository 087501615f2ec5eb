/**
 * A route whose page a signed-out visitor sees exactly as every other signed-out visitor of the
 * same site, language and URL exports `headers = sharedPageHeaders`; the worker then renders it
 * once per site snapshot and fills in each visitor's CSRF token and nonce (server/site/page-cache.ts).
 * Only for routes whose loaders read nothing of the request but the session's sign-in state.
 */
export const PAGE_CACHE_HEADER = "x-page-cache";
export const PAGE_CACHE_ANONYMOUS = "anonymous";

export const sharedPageHeaders = () => ({ [PAGE_CACHE_HEADER]: PAGE_CACHE_ANONYMOUS });

/**
 * A public resource that reads nothing of the session and is meant for shared caches (a period's
 * proof.json) sets this header: the worker then sends a signed-out visitor's answer without the
 * new session's cookie (which would make it `private, no-store`), and drops the header.
 */
export const NO_SESSION_HEADER = "x-no-session";
