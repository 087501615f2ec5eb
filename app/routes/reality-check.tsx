import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireMember } from "~/utils/auth.server";
import { localRedirectTarget } from "~/utils/redirect-target";
import type { KeyOf } from "~/utils/translation-keys";

/**
 * The reality check's two answers (components/protection/reality-check.tsx). "continue": the
 * platform starts the next interval; its dueAt replaces the session's cached one, and the member
 * is back on the page they were reading. "stop": sign-out, as /logout does.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const form = await request.formData();
  const { session, platform, siteId } = context;
  if (form.get("intent") === "stop") {
    await platform.call("signout").catch((thrown: unknown) => {
      // a session the platform already ended is just as signed out
      if (!(thrown instanceof Response)) throw thrown;
    });
    session.signOut(siteId);
    session.flashToast({ kind: "success", key: "logout_success" });
    return redirect("/");
  }
  const back = localRedirectTarget(form.get("redirectTo")) ?? "/user";
  const result = await platform.call("continueRealityCheck", { body: {} });
  if (!result.ok) {
    session.flashToast({ kind: "error", key: result.code as KeyOf<"messages"> });
    return redirect(back);
  }
  session.set("realityDueAt", Date.parse(result.data.dueAt));
  return redirect(back);
}

export async function loader() {
  return redirect("/");
}
