import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { backOffice, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { boPaths, sectionRoles } from "~/backoffice/sections";
import { EXPORT_KINDS, exportDay, type ExportKind } from "../../server/contract";

/**
 * One of a site's daily accounting files (docs/operators.md, "Restore, exports"), downloaded: the
 * platform makes it (operatorExport, with the operator's key, so the read is audited and the
 * audit file stays admin's) and it is sent on as the CSV file it is. The one download of the back
 * office: accounting files are meant to be kept; members' documents are never offered as one.
 * A day or file that is not one: back to oversight with the reason, nothing asked.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("oversight") });
  const bo = backOffice(context);
  const url = new URL(request.url);
  const back = boPaths.site(siteId, "oversight");
  const day = exportDay.safeParse(url.searchParams.get("day") ?? "");
  const kind = url.searchParams.get("kind") ?? "";
  if (!day.success || !(EXPORT_KINDS as readonly string[]).includes(kind)) {
    bo.session.flash({ kind: "error", key: "oversight.export_invalid" });
    throw redirect(back);
  }
  const answer = await bo.operators.call("operatorExport", {
    params: { siteId, day: day.data },
    query: { kind: kind as ExportKind },
  });
  const file = answer.ok ? answer.data.files.find((f) => f.kind === kind) : undefined;
  if (!file) {
    bo.session.flash({ kind: "error", key: answer.ok ? "oversight.export_invalid" : `messages:${answer.code}` });
    throw redirect(back);
  }
  return new Response(file.csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${file.name.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
