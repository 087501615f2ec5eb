import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { modeChanged, type AccountMode } from "#rules/account-mode";

/**
 * The mode a play form was posted from (components/mode-input.tsx), checked against the session's
 * before anything else: the rule is the platform's own (server/rules/account-mode.ts), and the
 * platform applies it again to the call's body. A form from a page of the other mode, or one
 * that names none, acts on nothing: the member goes back to `back`, which now shows the mode in
 * force, with a toast saying which way the mode changed. Otherwise the mode to send in the body.
 */
export function postedMode(
  form: FormData,
  context: AppLoadContext,
  back: string,
): { ok: true; mode: AccountMode } | { ok: false; response: ReturnType<typeof redirect> } {
  const current = context.session.mode;
  if (!modeChanged(form.get("mode"), current)) return { ok: true, mode: current };
  context.session.flashToast({
    kind: "error",
    key: current === "practice" ? "account_mode_changed_practice" : "account_mode_changed_real",
  });
  return { ok: false, response: redirect(back) };
}
