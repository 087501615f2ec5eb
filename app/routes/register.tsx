import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { SignUpForm } from "~/components/account/sign-up-form";
import { completeSignIn } from "~/utils/auth.server";
import { registerSchema } from "~/utils/auth-schemas.server";
import { setOfferedLimits, signupLimitsSchema } from "~/utils/protection.server";
import { readPlainCookie } from "~/utils/cookies";
import { practiceAmount, practiceLanding } from "~/utils/first-landing.server";
import { messageKey } from "~/utils/messages";
import { signInCall } from "~/utils/signin.server";
import { REFERRAL_CODE } from "#rules/fields";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "register.title", layout: "auth" } satisfies RouteHandle;

const SECRET_FIELDS = ["password"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.session.signedIn) throw redirect("/user");
  return json({
    referralCode: readPlainCookie(request, "referrerCode") ?? "",
    practiceAmount: practiceAmount(context),
  });
}

/**
 * Sign-up asks only what signing in needs (app/README.md, "Sign-in and sign-up"); the transaction
 * password, real name and mobile are asked by the withdrawal page when first needed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { siteId, platform } = context;
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: registerSchema });
  // the deposit limits the form offers (decision 033), in the site's currency: checked before the
  // account exists, so a mistyped one changes nothing
  const offered = parseWithZod(formData, { schema: signupLimitsSchema(context.site.currency) });
  const limitErrors = offered.status === "success" ? undefined : offered.reply().error;
  if (submission.status !== "success" || offered.status !== "success") {
    return json(
      submission.reply({ hideFields: SECRET_FIELDS, fieldErrors: (limitErrors ?? {}) as Record<string, string[]> }),
      { status: 400 },
    );
  }
  const v = submission.value;
  const signup = await platform.call("signup", {
    body: { siteId, account: v.account, password: v.password, referralCode: referralOf(request, v.referralCode) },
  });
  // A sign-up whose answer was lost (the client retried it) or a form sent twice finds its own
  // account there already: whoever holds its password owns it, so it signs in as /login would.
  const taken = !signup.ok && signup.code === "account_exists";
  if (!signup.ok && !taken) {
    return json(submission.reply({ formErrors: [messageKey(signup.code)], hideFields: SECRET_FIELDS }), {
      status: 400,
    });
  }
  // sign-up signs the member in at once, with no second success message (app/README.md, "Sign-in and sign-up")
  const signin = await signInCall(request, context, v.account, v.password);
  if (!signin.ok) {
    if (taken)
      return json(submission.reply({ formErrors: [messageKey("account_exists")], hideFields: SECRET_FIELDS }), {
        status: 400,
      });
    // the account exists now, whatever stopped the sign-in (a challenge its network needs, a wait,
    // a fault): the member is told so, and /login has the account name filled in
    context.session.flashToast({ kind: "error", key: "register_signin_failed" });
    throw redirect(`/login?${new URLSearchParams({ account: v.account }).toString()}`);
  }
  const opts = {
    token: signin.data.token,
    account: v.account,
    platformRedirect: signin.data.redirectUrl,
    toastKey: taken ? ("login_success" as const) : ("register_success" as const),
  };
  if (taken) return completeSignIn(request, context, opts);
  const response = completeSignIn(request, context, opts);
  // the limits given in the form, set as the member's first ones (the session is signed in now)
  if (!(await setOfferedLimits(context, offered.value))) {
    // the account is there; the limits are not: the offer's own screen, to set them again
    context.session.flashToast({ kind: "error", key: "limits_signup_failed" });
    const next = v.start === "practice" ? "/game" : (response.headers.get("location") ?? "/user");
    return redirect(`/user/limits/offer?${new URLSearchParams({ next }).toString()}`, { headers: response.headers });
  }
  if (v.start !== "practice") return response;
  // the home page's form: straight into the game with practice money (the session is signed in
  // first, so the practice call runs as the new member)
  const landing = await practiceLanding(context);
  // the one success toast: this flash replaces completeSignIn's, and names the practice money
  context.session.flashToast({ kind: "success", key: landing.toastKey });
  return redirect(landing.target, { headers: response.headers });
}

/**
 * The referral code typed, or, from the home page's form (which has no such field: the page is the
 * same for every visitor), the one the referral link left in the referrerCode cookie.
 */
function referralOf(request: Request, typed: string | undefined): string | undefined {
  if (typed !== undefined) return typed || undefined;
  const remembered = readPlainCookie(request, "referrerCode");
  return remembered && REFERRAL_CODE.pattern.test(remembered) && remembered.length <= REFERRAL_CODE.maxLength
    ? remembered
    : undefined;
}

export default function Register() {
  const { referralCode, practiceAmount } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const fromHome = lastResult?.initialValue?.start === "practice";
  return (
    <div className="auth-card">
      <p className="auth-home">
        <Link to="/">{t("nav.back_home")}</Link>
      </p>
      <h1>{t("register.title")}</h1>
      <SignUpForm lastResult={lastResult} referralCode={referralCode} practice={fromHome ? practiceAmount : null} />
      <p className="hint">{t("register.later_note")}</p>
      <p>
        {t("register.have_account")} <Link to="/login">{t("register.login_link")}</Link>
      </p>
    </div>
  );
}
