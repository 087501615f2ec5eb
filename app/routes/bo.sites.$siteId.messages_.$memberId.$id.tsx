import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useParams } from "@remix-run/react";
import { useId } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { MAX_REPLY_LENGTH } from "~/backoffice/decision.server";
import { useFormats } from "~/backoffice/item-facts";
import { memberPath } from "~/backoffice/lookup";
import { backOffice, noticeAndBack, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { boPaths, sectionRoles } from "~/backoffice/sections";
import { requireSiteFacts } from "~/backoffice/site.server";
import { LOCALE_NAMES } from "~/i18n";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:messages.thread_title" } satisfies RouteHandle;

/** One member's message and its replies, and the reply form: the member reads the reply on the member site. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("messages") });
  const bo = backOffice(context);
  const ids = { siteId, memberId: params.memberId ?? "", id: params.id ?? "" };
  const [facts, thread] = await Promise.all([
    requireSiteFacts(bo, siteId),
    bo.operators.call("operatorMessage", { params: ids }),
  ]);
  if (!thread.ok) throw new Response(null, { status: thread.status === 403 ? 403 : 404 });
  return { siteId, facts, thread: thread.data };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("messages") });
  const bo = backOffice(context);
  const content = String((await request.formData()).get("content") ?? "").trim();
  if (content === "") return { error: "messages.reply_required" as const };
  if (content.length > MAX_REPLY_LENGTH) return { error: "messages.reply_too_long" as const };
  const ids = { siteId, memberId: params.memberId ?? "", id: params.id ?? "" };
  const result = await bo.operators.call("operatorReplyMessage", { params: ids, body: { content } });
  noticeAndBack(bo, result, "messages.replied", boPaths.site(siteId, "messages"));
}

export default function MessageThread() {
  const { siteId, facts, thread } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("backoffice");
  const { time } = useFormats(facts.currency);
  // the member this thread is with: their page in the members section (support's, as this page is)
  const memberId = useParams().memberId ?? "";
  const replyId = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <>
      <p>
        <Link to={boPaths.site(siteId, "messages")}>{t("messages.back")}</Link>
      </p>
      <h1>{thread.title}</h1>
      <p>
        <Link to={boPaths.site(siteId, memberPath(memberId))}>{t("members.open_member")}</Link>
      </p>
      <ol className="bo-thread">
        <li className="bo-said bo-said-member">
          <p className="bo-hint">{t("messages.member_wrote", { time: time(thread.createdAt) })}</p>
          <p className="bo-said-text">{thread.content}</p>
        </li>
        {thread.replies.map((reply) => (
          <li key={reply.id} className={`bo-said bo-said-${reply.from}`}>
            <p className="bo-hint">
              {reply.from === "member"
                ? t("messages.member_wrote", { time: time(reply.createdAt) })
                : t("messages.we_replied", { time: time(reply.createdAt) })}
            </p>
            <p className="bo-said-text">{reply.content}</p>
          </li>
        ))}
      </ol>
      <Form method="post" className="bo-form">
        <CsrfInput />
        <label htmlFor={replyId}>{t("messages.reply")}</label>
        <p id={hintId} className="bo-hint">
          {t("messages.reply_hint", { language: LOCALE_NAMES[facts.textLocale] })}
        </p>
        <textarea
          id={replyId}
          name="content"
          rows={5}
          required
          maxLength={MAX_REPLY_LENGTH}
          aria-describedby={answer?.error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={answer?.error ? true : undefined}
        />
        {answer?.error ? (
          <p id={errorId} className="bo-field-error" role="alert">
            {t(answer.error)}
          </p>
        ) : null}
        <button type="submit" className="button button-primary">
          {t("messages.send")}
        </button>
      </Form>
    </>
  );
}
