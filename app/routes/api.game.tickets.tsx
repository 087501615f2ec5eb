import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireMember } from "~/utils/auth.server";
import { loadTickets } from "~/utils/game.server";

/**
 * The quiet "ticket query" poll of the game page (app/README.md, "The game page"): open and
 * just-settled orders, and the game wallet.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  return json(await loadTickets(context), { headers: { "cache-control": "private, no-store" } });
}
