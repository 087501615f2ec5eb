import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { backOffice, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { sectionRoles } from "~/backoffice/sections";
import { ICON_SIZES, type IconSize } from "../../server/contract";

/**
 * A site's home-screen icon as its members' browsers get it (the operator's PNG, else the accent's
 * plain square), for the icons page to show: the back office cannot link the brand's own hostname.
 * Not cached, so the page shows an upload at once.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const size = params.size as IconSize;
  if (!ICON_SIZES.includes(size)) throw new Response(null, { status: 404 });
  const icon = await backOffice(context).operators.siteIcon(siteId, size);
  if (!icon.ok) throw new Response(null, { status: icon.status === 400 ? 404 : 502 });
  return new Response(icon.response.body, {
    headers: { "content-type": "image/png", "cache-control": "no-store", "x-content-type-options": "nosniff" },
  });
}
