import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GamePage } from "~/components/game/game-page";
import { gameAction, gameLoader } from "~/utils/game.server";
import type { RouteHandle } from "~/utils/translation-keys";
import gameStyles from "~/styles/game.css";

// the compact header: the game's first screen is for betting (app/README.md, "The game page")
// the title is the site's name for its game (gameName), "Game" when the site gives none
export const handle = {
  titleKey: "game:title",
  titleFromSite: "gameName",
  layout: "game",
  i18n: ["game", "money"],
} satisfies RouteHandle;

/** The game's own stylesheet: only the game routes load it. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

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
