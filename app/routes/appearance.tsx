import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { isScheme, isUpDown } from "~/utils/appearance";
import { plainCookie } from "~/utils/cookies";
import { localRedirectTarget } from "~/utils/redirect-target";

/**
 * Appearance: keeps the member's light/dark (`scheme`) and up/down (`updown`) choices in plain
 * cookies for 365 days, like the language (app/README.md, "Themes"). A form may send either or
 * both; an unknown value is ignored, not stored. Sign-out leaves both cookies alone.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = localRedirectTarget(form.get("redirectTo")) ?? "/";
  const scheme = form.get("scheme");
  const updown = form.get("updown");
  const headers = new Headers();
  if (isScheme(scheme)) headers.append("set-cookie", plainCookie("scheme", scheme, context.secure));
  if (isUpDown(updown)) headers.append("set-cookie", plainCookie("updown", updown, context.secure));
  return redirect(back, { headers });
}

export async function loader() {
  return redirect("/");
}
