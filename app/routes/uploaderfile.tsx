import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { DocumentList } from "~/components/bank/document-list";
import { UploadForm } from "~/components/bank/upload-form";
import { requireMember } from "~/utils/auth.server";
import { isFileProblem, uploadSchema } from "~/utils/bank-schemas.server";
import { messageKey } from "~/utils/messages";
import type { RouteHandle } from "~/utils/translation-keys";
import { failureStatus } from "~/utils/failure-status";

export const handle = { titleKey: "bank:documents_title", i18n: ["bank"] } satisfies RouteHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const uploads = await context.platform.call("uploads");
  return json(
    { uploads: uploads.ok ? uploads.data : [], error: uploads.ok ? null : uploads.code },
    { status: uploads.ok ? 200 : uploads.status },
  );
}

/** "Bank data upload": one image through the site to the platform, which checks its content. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const submission = parseWithZod(await request.formData(), { schema: uploadSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { kind, file } = submission.value;
  const result = await context.platform.call("upload", { body: { kind }, file });
  if (!result.ok) {
    const reason = messageKey(result.code);
    return json(
      isFileProblem(result.code)
        ? submission.reply({ formErrors: ["bank:upload_failed"], fieldErrors: { file: [reason] } })
        : submission.reply({ formErrors: ["bank:upload_failed", reason] }),
      { status: failureStatus(result.status) },
    );
  }
  context.session.flashToast({ kind: "success", key: "upload_success" });
  return redirect("/uploaderfile");
}

export default function Documents() {
  const { uploads, error } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("bank");
  return (
    <div className="bank-page">
      <h1>{t("documents_title")}</h1>
      <p>
        <Link to="/user/bank">{t("back_to_bank")}</Link>
      </p>
      {/* a new upload remounts the form, so its file input is empty again */}
      <UploadForm key={uploads[0]?.fileId ?? "none"} lastResult={lastResult} />
      <section aria-labelledby="documents-title" className="card">
        <h2 id="documents-title">{t("list.title")}</h2>
        {error ? (
          <p role="alert" className="error-list">
            {t(messageKey(error))}
          </p>
        ) : (
          <DocumentList uploads={uploads} />
        )}
      </section>
    </div>
  );
}
