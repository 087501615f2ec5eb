import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { BankApplyForm } from "~/components/bank/bank-apply-form";
import { BankStatus } from "~/components/bank/bank-status";
import { requireMember } from "~/utils/auth.server";
import { DOCUMENT_FIELDS } from "~/utils/bank-documents";
import { DOCUMENT_KINDS, type DocumentKind } from "#rules/documents";
import { bankApplySchema, isFileProblem, type BankApplication } from "~/utils/bank-schemas.server";
import { idempotencyKeyField, keyAfterRefusal, newIdempotencyKey } from "~/utils/idempotency.server";
import { messageKey } from "~/utils/messages";
import type { RouteHandle } from "~/utils/translation-keys";
import { failureStatus } from "~/utils/failure-status";

export const handle = { titleKey: "bank:title", i18n: ["bank"] } satisfies RouteHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const [bank, uploads] = await Promise.all([context.platform.call("bank"), context.platform.call("uploads")]);
  const failed = !bank.ok ? bank : !uploads.ok ? uploads : null;
  return json(
    {
      account: bank.ok ? bank.data : null,
      uploads: uploads.ok ? uploads.data : [],
      currency: context.site.currency,
      bankVerify: context.site.bankVerify,
      idempotencyKey: newIdempotencyKey(),
      error: failed?.code ?? null,
    },
    { status: failed ? failed.status : 200 },
  );
}

type ActionData = { result: SubmissionResult<string[]>; idempotencyKey: string };

/**
 * "Bank binding": new images are uploaded first, then the application names the three files.
 * A failure hands the same idempotency key back, so a retry is the same request (app/README.md,
 * "Money forms and idempotency keys").
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const submission = parseWithZod(await request.formData(), { schema: bankApplySchema });
  if (submission.status !== "success") {
    const submitted = idempotencyKeyField.safeParse(submission.payload.idempotencyKey);
    const key = submitted.success ? submitted.data : newIdempotencyKey();
    return json<ActionData>({ result: submission.reply(), idempotencyKey: key }, { status: 400 });
  }
  const form = submission.value;
  // a refusal is the member's to fix (400); a platform fault keeps its status
  const fail = (result: SubmissionResult<string[]>, status: number, key = form.idempotencyKey) =>
    json<ActionData>({ result, idempotencyKey: key }, { status: failureStatus(status) });

  const fileIds = await uploadNewDocuments(context, form);
  if (!fileIds.ok) {
    const { field, code, status, uploaded } = fileIds;
    const result = isFileProblem(code)
      ? submission.reply({ formErrors: ["bank:apply_failed"], fieldErrors: { [field]: [messageKey(code)] } })
      : submission.reply({ formErrors: ["bank:apply_failed", messageKey(code)] });
    // what did upload is preselected, so a retry names the same files
    return fail({ ...result, initialValue: { ...result.initialValue, ...uploaded } }, status);
  }

  const applied = await context.platform.call("bankApply", {
    idempotencyKey: form.idempotencyKey,
    body: {
      bank: form.bank,
      branch: form.branch,
      accountName: form.accountName,
      accountNumber: form.accountNumber,
      currency: form.currency,
      address: form.address,
      idFrontFileId: fileIds.ids.id_front,
      idBackFileId: fileIds.ids.id_back,
      passbookFileId: fileIds.ids.passbook,
    },
  });
  if (!applied.ok) {
    const reason = messageKey(applied.code);
    const result =
      applied.code === "bank_name_error"
        ? submission.reply({ formErrors: ["bank:apply_failed"], fieldErrors: { bank: [reason] } })
        : submission.reply({ formErrors: ["bank:apply_failed", reason] });
    return fail(
      { ...result, initialValue: { ...result.initialValue, ...fileIds.uploaded } },
      applied.status,
      keyAfterRefusal(applied, form.idempotencyKey),
    );
  }
  context.session.flashToast({
    kind: "success",
    key: applied.data.status === "approved" ? "bank_approved" : "bank_apply_success",
  });
  return redirect("/user/bank");
}

type Uploaded =
  | { ok: true; ids: Record<DocumentKind, string>; uploaded: Record<string, string> }
  | { ok: false; field: string; code: string; status: number; uploaded: Record<string, string> };

/** Each chosen file goes to the platform; otherwise the chosen earlier upload is used. */
async function uploadNewDocuments(context: AppLoadContext, form: BankApplication): Promise<Uploaded> {
  const ids: Partial<Record<DocumentKind, string>> = {};
  // form field → new fileId, for the select of each document when the form comes back
  const uploaded: Record<string, string> = {};
  for (const kind of DOCUMENT_KINDS) {
    const names = DOCUMENT_FIELDS[kind];
    const file = form[names.file];
    if (!file) {
      ids[kind] = form[names.fileId];
      continue;
    }
    const result = await context.platform.call("upload", { body: { kind }, file });
    if (!result.ok) return { ok: false, field: names.file, code: result.code, status: result.status, uploaded };
    ids[kind] = result.data.fileId;
    uploaded[names.fileId] = result.data.fileId;
  }
  const { id_front, id_back, passbook } = ids;
  // the schema guarantees a file or a fileId for each document
  if (!id_front || !id_back || !passbook) throw new Error("a document is missing after validation");
  return { ok: true, ids: { id_front, id_back, passbook }, uploaded };
}

export default function BankPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("bank");
  const idempotencyKey = actionData?.idempotencyKey ?? data.idempotencyKey;
  const account = data.account;
  return (
    <div className="bank-page">
      <h1>{t("title")}</h1>
      {data.error ? (
        <p role="alert" className="error-list">
          {t(messageKey(data.error))}
        </p>
      ) : null}
      {account ? <BankStatus account={account} bankVerify={data.bankVerify} /> : null}
      {account && account.status !== "approved" ? (
        // a new key (after a success) remounts the form: empty file inputs, the new uploads preselected
        <BankApplyForm
          key={idempotencyKey}
          account={account}
          uploads={data.uploads}
          currency={data.currency}
          idempotencyKey={idempotencyKey}
          lastResult={actionData?.result}
        />
      ) : null}
      <p>
        <Link to="/uploaderfile">{t("manage_documents")}</Link>
      </p>
    </div>
  );
}
