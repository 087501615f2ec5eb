import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";
import { useTranslation } from "~/utils/translator";

/**
 * The root route's data (site branding, language, CSRF token, the signed-in member), for any
 * component. It lives apart from root.tsx, which imports the site chrome that reads it: the type
 * import below is erased, so there is no import cycle at run time.
 */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("root data is missing");
  // the back office's root data has no site (root.tsx): its pages never use the site's components
  if ("backoffice" in data) throw new Error("the back office has no site's root data");
  return data;
}

/** The session's CSRF token and the page's language: on the member site and in the back office alike. */
export function useSharedRootData(): { csrf: string; locale: string } {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("root data is missing");
  return { csrf: data.csrf, locale: data.locale };
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
