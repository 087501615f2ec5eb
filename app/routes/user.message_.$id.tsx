import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { ReplyForm, type MessageActionData } from "~/components/support/message-forms";
import { MessageThread } from "~/components/support/message-thread";
import { Time } from "~/components/support/time";
import { requireMember } from "~/utils/auth.server";
import { keyAfterRefusal, newIdempotencyKey, submittedIdempotencyKey } from "~/utils/idempotency.server";
import { messageKey } from "~/utils/messages";
import { replySchema } from "~/utils/support-schemas.server";
import type { RouteHandle } from "~/utils/translation-keys";
import { failureStatus } from "~/utils/failure-status";

export const handle = { titleKey: "support:thread.title", i18n: ["support"] } satisfies RouteHandle;

/** The contract's id: anything else cannot be a message, so it is not asked for. */
const isMessageId = (id: string | undefined): id is string => Boolean(id && id.length <= 64);

/**
 * One message with its replies; reading it marks it read. Another member's id, or one that does
 * not exist, is `message_not_found` with status 404, and the member stays signed in.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const idempotencyKey = newIdempotencyKey();
  if (!isMessageId(params.id)) {
    return json({ thread: null, error: messageKey("message_not_found"), idempotencyKey }, { status: 404 });
  }
  const result = await context.platform.call("message", { params: { id: params.id } });
  if (!result.ok) {
    const status = result.code === "message_not_found" ? 404 : result.status;
    return json({ thread: null, error: messageKey(result.code), idempotencyKey }, { status });
  }
  return json({ thread: result.data, error: null, idempotencyKey });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: replySchema });
  const key = submittedIdempotencyKey(formData);
  if (submission.status !== "success") {
    return json({ result: submission.reply(), idempotencyKey: key } satisfies MessageActionData, { status: 400 });
  }
  const { content, idempotencyKey } = submission.value;
  const id = params.id ?? "";
  const result = isMessageId(id)
    ? await context.platform.call("replyMessage", { params: { id }, body: { content }, idempotencyKey })
    : ({ ok: false, status: 404, code: "message_not_found" } as const);
  if (!result.ok) {
    const reply = submission.reply({ formErrors: [messageKey(result.code)] });
    return json(
      { result: reply, idempotencyKey: keyAfterRefusal(result, idempotencyKey) } satisfies MessageActionData,
      { status: failureStatus(result.status) },
    );
  }
  context.session.flashToast({ kind: "success", key: "reply_sent" });
  return redirect(`/user/message/${encodeURIComponent(id)}`);
}

export default function Thread() {
  const { thread, error, idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("support");
  return (
    <div className="support-page">
      <p>
        <Link to="/user/message">{t("thread.back")}</Link>
      </p>
      {thread ? (
        <>
          <h1>{thread.title}</h1>
          <p className="hint">
            {t("thread.started")} <Time iso={thread.createdAt} />
          </p>
          <MessageThread thread={thread} />
          <ReplyForm idempotencyKey={idempotencyKey} actionData={actionData} />
        </>
      ) : (
        <>
          <h1>{t("thread.title")}</h1>
          <p role="alert" className="error-list" data-testid="thread-error">
            {t(error ?? "messages:message_not_found")}
          </p>
        </>
      )}
    </div>
  );
}
