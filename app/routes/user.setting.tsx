import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { PasswordForm, TransactionPasswordForm } from "~/components/account/password-forms";
import { LanguageForm } from "~/components/language-form";
import { DisplaySettings } from "~/components/account/display-settings";
import { useRootData } from "~/utils/root-data";
import { requireMember } from "~/utils/auth.server";
import { intentOf, passwordSchema, transactionPasswordSchema } from "~/utils/account-schemas.server";
import { keyAfterRefusal, newIdempotencyKey, submittedIdempotencyKey } from "~/utils/idempotency.server";
import { messageKey } from "~/utils/messages";
import type { RouteHandle } from "~/utils/translation-keys";
import { failureStatus } from "~/utils/failure-status";

export const handle = { titleKey: "account:setting.title", i18n: ["account"] } satisfies RouteHandle;

const INTENTS = ["password", "transaction"] as const;
type Intent = (typeof INTENTS)[number];
/** A refused form's state; the transaction form also keeps its idempotency key (the outcome may be unknown). */
type ActionData = { intent: Intent; result: SubmissionResult<string[]>; idempotencyKey?: string };

const SECRETS = {
  password: ["oldPassword", "newPassword", "confirmPassword"],
  transaction: ["oldTransactionPassword", "newTransactionPassword", "confirmTransactionPassword"],
} satisfies Record<Intent, string[]>;

const FAILED: Record<Intent, string> = {
  password: "account:password_failed",
  transaction: "account:setting.tx_failed",
};

/** Password update toasts last 1000 ms (app/README.md, "Messages and toasts"). */
const PASSWORD_TOAST_MS = 1000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const info = await context.platform.call("playerInfo");
  return json(
    {
      hasTransactionPassword: info.ok ? info.data.hasTransactionPassword : true,
      error: info.ok ? null : info.code,
      // the transaction password's change is idempotent, like money: a retry must be the same request
      idempotencyKey: newIdempotencyKey(),
    },
    { status: info.ok ? 200 : info.status },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const [formData, info] = await Promise.all([request.formData(), context.platform.call("playerInfo")]);
  const intent = intentOf(formData, INTENTS);
  if (!intent) throw new Response("Unknown form", { status: 400 });
  const account = info.ok ? info.data.account : (context.session.account ?? "");
  const schema =
    intent === "password"
      ? passwordSchema(account)
      : transactionPasswordSchema(account, !info.ok || info.data.hasTransactionPassword);
  const submission = parseWithZod(formData, { schema });
  const idempotencyKey = intent === "transaction" ? submittedIdempotencyKey(formData) : undefined;
  const fail = (formErrors: string[] | undefined, status = 400) =>
    json<ActionData>(
      { intent, result: submission.reply({ formErrors, hideFields: SECRETS[intent] }), idempotencyKey },
      { status: failureStatus(status) },
    );

  if (!info.ok) return fail([FAILED[intent], messageKey(info.code)], info.status);
  if (submission.status !== "success") return fail(undefined);

  if (intent === "password") {
    const v = submission.value as { oldPassword: string; newPassword: string };
    const result = await context.platform.call("changePassword", {
      body: { oldPassword: v.oldPassword, newPassword: v.newPassword },
    });
    if (!result.ok) return fail([FAILED.password, messageKey(result.code)], result.status);
    // a new login password means signing in again (the platform ended every session; app/README.md, "Passwords")
    context.session.signOut(context.siteId);
    context.session.flashToast({ kind: "success", key: "password_update_success", durationMs: PASSWORD_TOAST_MS });
    return redirect("/login");
  }

  const v = submission.value as {
    oldTransactionPassword?: string;
    newTransactionPassword: string;
    idempotencyKey: string;
  };
  const result = await context.platform.call("changeTransactionPassword", {
    body: {
      oldTransactionPassword: info.data.hasTransactionPassword ? v.oldTransactionPassword : undefined,
      newTransactionPassword: v.newTransactionPassword,
    },
    idempotencyKey: v.idempotencyKey,
  });
  if (!result.ok) {
    // a decided refusal is its key's answer: the corrected form goes with a new key (idempotency.server.ts)
    return json<ActionData>(
      {
        intent,
        result: submission.reply({
          formErrors: [FAILED.transaction, messageKey(result.code)],
          hideFields: SECRETS[intent],
        }),
        idempotencyKey: keyAfterRefusal(result, v.idempotencyKey),
      },
      { status: failureStatus(result.status) },
    );
  }
  context.session.flashToast({ kind: "success", key: "tx_password_update_success", durationMs: PASSWORD_TOAST_MS });
  return redirect("/user/setting");
}

export default function Settings() {
  const { hasTransactionPassword, error, idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { site } = useRootData();
  const { t } = useTranslation("account");
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : null);
  return (
    <div className="account-page">
      <h1>{t("setting.title")}</h1>
      {error ? (
        <p role="alert" className="error-list">
          {t(messageKey(error))}
        </p>
      ) : null}
      <PasswordForm lastResult={resultFor("password")} />
      <TransactionPasswordForm
        // setting the first one turns this into the change form
        key={String(hasTransactionPassword)}
        hasOld={hasTransactionPassword}
        idempotencyKey={
          (actionData?.intent === "transaction" ? actionData.idempotencyKey : undefined) ?? idempotencyKey
        }
        lastResult={resultFor("transaction")}
      />
      <DisplaySettings redirectTo="/user/setting" />
      {site.langOptions.length > 1 ? (
        <section aria-labelledby="language-title" className="card">
          <h2 id="language-title">{t("setting.language_title")}</h2>
          <LanguageForm redirectTo="/user/setting" />
        </section>
      ) : null}
    </div>
  );
}
