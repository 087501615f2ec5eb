import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { themeDraftOf } from "~/backoffice/brand/theme-form";
import { backOffice, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { sectionRoles } from "~/backoffice/sections";
import { scopedThemeCss } from "~/utils/theme-css";
import { theme as themeSchema } from "../../server/contract";

/**
 * The theme preview's stylesheet: the draft in the query (the theme form's fields), checked by the
 * contract's schema, as scopedThemeCss writes it for the preview's panes. A stylesheet of the
 * back office's own origin, so the page's CSP takes it without an inline style, with JavaScript or
 * without. A draft that does not parse gets the site's current theme.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const info = await backOffice(context).operators.siteInfo(siteId);
  if (!info.ok) throw new Response(null, { status: info.status === 404 ? 404 : 503 });
  const url = new URL(request.url);
  const form = new FormData();
  for (const [name, value] of url.searchParams) form.set(name, value);
  const current = themeSchema.parse(info.data.theme);
  const draft = themeDraftOf(form, current);
  const lang = url.searchParams.get("lang") ?? context.locale;
  const css = scopedThemeCss(draft.ok ? draft.theme : current, lang, ".bo-preview-pane");
  return new Response(css, {
    headers: { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
