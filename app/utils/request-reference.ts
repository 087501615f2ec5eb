import { createContext, useContext, useEffect, useState } from "react";

/**
 * The id of the request being rendered (server/log/README.md), which the error page shows as
 * "Reference: …" so support can find the request's log lines. The server render provides it.
 *
 * In the browser it is known only for the page the server rendered: hydrating a server-rendered
 * error page reads it back from that page, once. An error met later, while navigating in the
 * browser, shows none rather than an older request's (a reload renders one on the server).
 */
const RequestReferenceContext = createContext<string | undefined>(undefined);

export const RequestReferenceProvider = RequestReferenceContext.Provider;

/** The element's id on the error page, where hydration reads the server's reference back. */
export const REFERENCE_ELEMENT_ID = "request-reference";

/** undefined until the first error page in the browser looks; then spent. */
let fromServerPage: string | null | undefined;

export function useRequestReference(): string | undefined {
  const rendered = useContext(RequestReferenceContext);
  const [reference] = useState(() => {
    if (rendered !== undefined || typeof document === "undefined") return rendered;
    if (fromServerPage === undefined)
      fromServerPage = document.getElementById(REFERENCE_ELEMENT_ID)?.dataset.reference ?? null;
    return fromServerPage ?? undefined;
  });
  useEffect(() => {
    fromServerPage = null;
  }, []);
  return reference;
}
