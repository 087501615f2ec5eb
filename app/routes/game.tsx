import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GamePage } from "~/components/game/game-page";
import { gameAction, gameLoader } from "~/utils/game.server";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "game:title", i18n: ["game", "money"] } satisfies RouteHandle;

/** The game in the site's default layout; a signed-in member only (server/site/README.md, "Auth guard"). */
export async function loader(args: LoaderFunctionArgs) {
  return gameLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return gameAction(args);
}

export default function Game() {
  return <GamePage path="/game" />;
}
