import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireMember } from "~/utils/auth.server";
import { catalogT } from "~/utils/translator";
import { DOCUMENT_TYPES } from "#rules/documents";

/**
 * A member's document is theirs alone: never stored by a cache, never sniffed into something else,
 * never embedded by another origin's page (another brand on the same parent domain is same-site).
 */
const PRIVATE_HEADERS = {
  "cache-control": "private, no-store",
  "x-content-type-options": "nosniff",
  "cross-origin-resource-policy": "same-origin",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
};

/**
 * The bytes of one of the member's uploaded documents, streamed from the platform, which serves a
 * file only to the member who uploaded it (another member gets file_not_found).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const fileId = params.fileId ?? "";
  const result =
    fileId.length >= 1 && fileId.length <= 64
      ? await context.platform.fetchRaw("uploadFile", { params: { fileId } })
      : ({ ok: false, status: 404, code: "file_not_found" } as const);
  if (!result.ok) {
    const t = catalogT(context.translations, "messages");
    return new Response(t(result.code), {
      status: result.code === "file_not_found" ? 404 : result.status,
      headers: { ...PRIVATE_HEADERS, "content-type": "text/plain; charset=utf-8" },
    });
  }
  const upstream = result.response;
  const type = (upstream.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const headers = new Headers({
    ...PRIVATE_HEADERS,
    "content-type": (DOCUMENT_TYPES as readonly string[]).includes(type) ? type : "application/octet-stream",
    "content-disposition": "inline",
  });
  const length = upstream.headers.get("content-length");
  if (length) headers.set("content-length", length);
  return new Response(upstream.body, { status: 200, headers });
}
