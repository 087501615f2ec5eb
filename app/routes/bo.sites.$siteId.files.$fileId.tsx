import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { backOffice, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { sectionRoles } from "~/backoffice/sections";

/**
 * A member's document (ID card, passbook) for the page that shows it: the platform's bytes streamed
 * through as they are, to be shown in the browser, never offered as a download and never kept by a
 * cache (app/backoffice/README.md, "Documents"). The platform checks the operator's role and site
 * again and writes the read to the audit log with the member it belongs to.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  // whoever may review a bank account or answer the member: the platform's DOCUMENTS roles
  await requireOperator(context, { siteId, roles: [...sectionRoles("bank"), ...sectionRoles("messages")] });
  const file = await backOffice(context).operators.fetchRaw("operatorFile", {
    params: { siteId, fileId: params.fileId ?? "" },
  });
  if (!file.ok)
    throw new Response(null, { status: file.code === "file_not_found" ? 404 : file.status === 403 ? 403 : 502 });
  const type = file.response.headers.get("content-type") ?? "";
  // only the image types an upload can be (server/rules/documents.ts): anything else is not shown
  if (!/^image\/(jpeg|png|webp)$/.test(type)) throw new Response(null, { status: 502 });
  return new Response(file.response.body, {
    headers: {
      "content-type": type,
      "content-disposition": "inline",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
