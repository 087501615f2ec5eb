import type { AppLoadContext } from "@remix-run/cloudflare";
import type { IconSize } from "../../server/contract";

/**
 * Icons change only when the operator renders new ones: an hour fresh, then served while it is
 * checked again for a day. Public: an icon is the same for every visitor of the site.
 */
const ICON_CACHE = "public, max-age=3600, stale-while-revalidate=86400";

/**
 * A home-screen icon of this site (app/README.md, "Brand"), streamed from the platform: the PNG the
 * operator uploaded, or a plain square of the site's accent when there is none yet.
 */
export async function iconResponse(context: AppLoadContext, size: IconSize): Promise<Response> {
  const result = await context.platform.fetchRaw("siteIcon", { params: { siteId: context.siteId, size } });
  if (!result.ok) {
    return new Response("Not Found", {
      status: result.status === 400 ? 404 : result.status,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  const headers = new Headers({
    "content-type": "image/png",
    "cache-control": ICON_CACHE,
    "x-content-type-options": "nosniff",
  });
  const length = result.response.headers.get("content-length");
  if (length) headers.set("content-length", length);
  return new Response(result.response.body, { status: 200, headers });
}
