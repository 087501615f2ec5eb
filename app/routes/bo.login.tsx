import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData } from "@remix-run/react";
import { useId } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { backOffice } from "~/backoffice/operator.server";
import { boPaths } from "~/backoffice/sections";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:login.title" } satisfies RouteHandle;

/** The longest key the form sends on: the registry's and the owner's are far shorter. */
const MAX_KEY_LENGTH = 256;

export async function loader({ context }: LoaderFunctionArgs) {
  if (backOffice(context).session.signedIn) throw redirect(boPaths.home);
  return null;
}

/**
 * Sign-in with the operator's own key (app/backoffice/README.md, "Sign-in"): the platform says
 * whom it names (operatorSelf, with this request's Access assertion in production, so a key works
 * only with its own person's login); only then is it kept, in the encrypted session cookie.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const bo = backOffice(context);
  const form = await request.formData();
  const key = String(form.get("key") ?? "").trim();
  if (key === "" || key.length > MAX_KEY_LENGTH) return { error: "login.refused" as const };
  const self = await bo.operators.call("operatorSelf", { key });
  if (!self.ok) return { error: self.status === 403 ? ("login.refused" as const) : ("login.unreachable" as const) };
  bo.session.signIn(key, self.data.id, bo.accessEmail);
  return redirect(boPaths.home);
}

export default function BackOfficeLogin() {
  const { t } = useTranslation("backoffice");
  const answer = useActionData<typeof action>();
  const keyId = useId();
  const errorId = useId();
  return (
    <main id="bo-main" className="bo-main bo-narrow">
      <h1>{t("login.title")}</h1>
      <p>{t("login.intro")}</p>
      <Form method="post" className="bo-form">
        <CsrfInput />
        <label htmlFor={keyId}>{t("login.key")}</label>
        <input
          id={keyId}
          name="key"
          type="password"
          autoComplete="current-password"
          required
          maxLength={MAX_KEY_LENGTH}
          aria-invalid={answer?.error ? true : undefined}
          aria-describedby={answer?.error ? errorId : undefined}
        />
        {answer?.error ? (
          <p id={errorId} className="bo-field-error" role="alert">
            {t(answer.error)}
          </p>
        ) : null}
        <button type="submit" className="button button-primary">
          {t("login.submit")}
        </button>
      </Form>
    </main>
  );
}
