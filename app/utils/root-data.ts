import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";

/**
 * The root route's data (site branding, language, CSRF token, the signed-in member), for any
 * component. It lives apart from root.tsx, which imports the site chrome that reads it: the type
 * import below is erased, so there is no import cycle at run time.
 */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("root data is missing");
  return data;
}

export type RootData = ReturnType<typeof useRootData>;
