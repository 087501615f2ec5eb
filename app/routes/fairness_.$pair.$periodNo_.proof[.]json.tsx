import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadPeriodProof, proofCacheControl } from "~/utils/fairness.server";
import { NO_SESSION_HEADER } from "~/utils/shared-page";

/**
 * /fairness/<pair>/<periodNo>/proof.json (public, a resource route; app/README.md, "Verifiable
 * rounds"): the platform's periodProof as JSON, what server/cli/verify-period.mjs downloads. A
 * revealed day's proof is final, so immutable; before the reveal it is cached briefly. Anything
 * not a known ended period of a pair offered here is a JSON 404; a platform failure keeps its
 * status, uncached. It reads nothing of the session, so a signed-out visitor (the script) gets it
 * without a session cookie, cacheable (NO_SESSION_HEADER).
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const proof = await loadPeriodProof(context, params.pair, params.periodNo);
  if (proof === null)
    return Response.json(
      { statusCode: 404, message: "not_found" },
      { status: 404, headers: { "cache-control": "no-store" } },
    );
  if (!proof.ok)
    return Response.json(
      { statusCode: proof.status, message: proof.code },
      { status: proof.status, headers: { "cache-control": "no-store" } },
    );
  return Response.json(proof.data, {
    headers: {
      "cache-control": proofCacheControl(proof.data.day.seed !== null),
      "access-control-allow-origin": "*",
      [NO_SESSION_HEADER]: "1",
    },
  });
}
