import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { NewMessageForm, type MessageActionData } from "~/components/support/message-forms";
import { MessageList } from "~/components/support/message-list";
import { PageLinks } from "~/components/support/page-links";
import { requireMember } from "~/utils/auth.server";
import { keyAfterRefusal, newIdempotencyKey, submittedIdempotencyKey } from "~/utils/idempotency.server";
import { messageKey } from "~/utils/messages";
import { messageSchema, parsePage } from "~/utils/support-schemas.server";
import type { RouteHandle } from "~/utils/translation-keys";
import { failureStatus } from "~/utils/failure-status";

export const handle = { titleKey: "support:message.title", i18n: ["support"] } satisfies RouteHandle;

const PATH = "/user/message";
const PAGE_SIZE = 10;

/** The member's messages to customer service, and a form to write a new one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const url = new URL(request.url);
  const idempotencyKey = newIdempotencyKey();
  const page = parsePage(url.searchParams);
  const result = await context.platform.call("messages", { query: { page, pageSize: PAGE_SIZE } });
  if (!result.ok) {
    return json({ list: null, error: messageKey(result.code), page, idempotencyKey }, { status: result.status });
  }
  return json({ list: result.data, error: null, page, idempotencyKey });
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: messageSchema });
  const key = submittedIdempotencyKey(formData);
  if (submission.status !== "success") {
    return json({ result: submission.reply(), idempotencyKey: key } satisfies MessageActionData, { status: 400 });
  }
  const { title, content, idempotencyKey } = submission.value;
  const result = await context.platform.call("sendMessage", { body: { title, content }, idempotencyKey });
  if (!result.ok) {
    const reply = submission.reply({ formErrors: [messageKey(result.code)] });
    return json(
      { result: reply, idempotencyKey: keyAfterRefusal(result, idempotencyKey) } satisfies MessageActionData,
      { status: failureStatus(result.status) },
    );
  }
  context.session.flashToast({ kind: "success", key: "message_sent" });
  return redirect(PATH);
}

export default function Messages() {
  const { list, error, page, idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("support");
  return (
    <div className="support-page">
      <h1>{t("message.title")}</h1>
      <p className="hint">
        {t("message.intro")} <Link to="/user/help">{t("message.help_link")}</Link>
      </p>
      <section aria-labelledby="message-list-heading">
        <h2 id="message-list-heading">{t("message.list_title")}</h2>
        {error ? (
          <p role="alert" className="error-list">
            {t(error)}
          </p>
        ) : null}
        {list ? (
          <>
            <MessageList items={list.items} />
            <PageLinks path={PATH} page={page} total={list.total} pageSize={list.pageSize} />
          </>
        ) : null}
      </section>
      <NewMessageForm idempotencyKey={idempotencyKey} actionData={actionData} />
    </div>
  );
}
