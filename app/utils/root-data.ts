import { useRouteLoaderData } from "@remix-run/react";
import type { loader, SiteRootData } from "~/root";
import { useTranslation } from "~/utils/translator";

/**
 * The root route's data (site branding, language, CSRF token, the signed-in member), for any
 * component. It lives apart from root.tsx, which imports the site chrome that reads it: the type
 * import below is erased, so there is no import cycle at run time.
 */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("root data is missing");
  // the back office's root data has the CSRF token and the language only (root.tsx, SiteRootData)
  return data as SiteRootData;
}

export type RootData = ReturnType<typeof useRootData>;

/**
 * The game's name where the site shows it (the header's link, the member menu, the game's heading
 * and title): the operator's `gameName` in the member's language, else the generic "Game".
 */
export function useGameName(): string {
  const { site } = useRootData();
  const { t } = useTranslation();
  return site.gameName || t("nav.game");
}
