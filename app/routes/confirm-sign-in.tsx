import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { completeSignIn } from "~/utils/auth.server";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = {
  titleKey: "account:link_sign_in.title",
  layout: "auth",
  i18n: ["account"],
} satisfies RouteHandle;

/**
 * The question a sign-in link asks before it signs anyone in (server/site/README.md, "accessToken
 * flow"): the worker verified the link's token and keeps it, with its account, in the encrypted
 * session; this page names the account (and the one signed in now, if any) and waits for a posted
 * yes or no. The token itself is never on the page. Nothing waiting: the home page.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { session } = context;
  const link = session.pendingLink;
  if (!link) throw redirect("/");
  return json({ account: link.account, current: session.signedIn ? (session.account ?? "") : null });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, platform } = context;
  const form = await request.formData();
  const link = session.pendingLink;
  if (!link) return redirect("/");
  session.dropLink();
  if (form.get("intent") !== "confirm") return redirect(link.path);
  // the token may have ended while the question waited: then it signs no one in
  const verified = await platform.call("accessTokenVerify", { token: link.token });
  if (!verified.ok) {
    session.flashToast({ kind: "error", key: "login_required" });
    return redirect(link.path);
  }
  if (session.signedIn) {
    // switching accounts: the session left behind is revoked, as a sign-out would
    await platform.call("signout").catch((thrown: unknown) => {
      if (!(thrown instanceof Response)) throw thrown;
    });
  }
  return completeSignIn(request, context, {
    token: link.token,
    account: link.account,
    target: link.path,
    toastKey: "login_success",
  });
}

export default function ConfirmSignIn() {
  const { account, current } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <div className="auth-card link-sign-in">
      <h1>{t("link_sign_in.title")}</h1>
      <p>{t(current === null ? "link_sign_in.intro_signed_out" : "link_sign_in.intro_signed_in")}</p>
      <dl className="link-accounts">
        {current !== null ? (
          <div>
            <dt>{t("link_sign_in.current_account")}</dt>
            <dd data-testid="link-current-account">{current}</dd>
          </div>
        ) : null}
        <div className="link-accounts-new">
          <dt>{t("link_sign_in.link_account")}</dt>
          <dd data-testid="link-account">{account}</dd>
        </div>
      </dl>
      <p className="link-warning" role="note">
        {t("link_sign_in.warning")}
      </p>
      <Form method="post" className="link-answers">
        <CsrfInput />
        <button type="submit" name="intent" value="confirm" className="button button-primary">
          {t(current === null ? "link_sign_in.confirm" : "link_sign_in.switch", { account })}
        </button>
        <button type="submit" name="intent" value="decline" className="button">
          {current === null ? t("link_sign_in.stay_out") : t("link_sign_in.stay_in", { account: current })}
        </button>
      </Form>
    </div>
  );
}
