import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { toLocale } from "~/i18n";
import { plainCookie } from "~/utils/cookies";
import { localRedirectTarget } from "~/utils/redirect-target";

/**
 * Language selection: keeps the choice in the `locale` cookie for 365 days (server/site/README.md,
 * "Plain cookies").
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const id = String(form.get("locale") ?? "");
  const back = localRedirectTarget(form.get("redirectTo")) ?? "/";
  const locale = toLocale(id);
  if (!locale || !context.site.langOptions.includes(id as (typeof context.site.langOptions)[number])) {
    return redirect(back);
  }
  return redirect(back, { headers: { "set-cookie": plainCookie("locale", id, context.secure) } });
}

export async function loader() {
  return redirect("/");
}
