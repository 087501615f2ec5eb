import type { AppLoadContext } from "@remix-run/cloudflare";
import type { OperatorPair } from "../../../server/contract/game";
import { backOffice } from "../operator.server";

/** Every pair as operators manage it (operatorPairs), or the page fails: nothing to show without it. */
export async function operatorPairs(context: AppLoadContext): Promise<OperatorPair[]> {
  const answer = await backOffice(context).operators.call("operatorPairs", {});
  if (!answer.ok) throw new Response(null, { status: answer.status === 403 ? 403 : 503 });
  return answer.data;
}

/** One pair, or 404 (the list names every pair the platform has). */
export async function operatorPair(context: AppLoadContext, symbol: string | undefined): Promise<OperatorPair> {
  const pair = (await operatorPairs(context)).find((p) => p.symbol === symbol);
  if (!pair) throw new Response(null, { status: 404 });
  return pair;
}
