import { createContext, useContext } from "react";

/**
 * The CSP nonce of the response being rendered (server/site/security.ts), handed from the load context
 * to the document's scripts. The server render provides it; in the browser it stays undefined,
 * which matches what the page shows after hydration (browsers hide a nonce attribute once read).
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
