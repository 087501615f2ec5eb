import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ContractPage } from "~/components/contract/contract-page";
import { contractAction, contractLoader } from "~/utils/contract.server";
import type { RouteHandle } from "~/utils/translation-keys";
import gameStyles from "~/styles/game.css";
import contractStyles from "~/styles/contract.css";

// the game's compact header and stylesheet (the price card, the pinned bar, the banners), plus its own
export const handle = {
  titleKey: "contract:title",
  layout: "game",
  i18n: ["game", "money", "contract"],
} satisfies RouteHandle;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: gameStyles },
  { rel: "stylesheet", href: contractStyles },
];

/** Contract trading; a signed-in member only (server/site/README.md, "Auth guard"). Not nested under /game (`game_`). */
export async function loader(args: LoaderFunctionArgs) {
  return contractLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return contractAction(args);
}

export default function Contract() {
  return <ContractPage />;
}
