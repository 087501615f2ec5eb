import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { toLocale } from "~/i18n";
import { backOffice } from "~/backoffice/operator.server";
import { boPaths } from "~/backoffice/sections";
import { plainCookie } from "~/utils/cookies";
import { localRedirectTarget } from "~/utils/redirect-target";

/** The back office's language: any of the four, kept in the `locale` cookie of the operator hostname. */
export async function action({ request, context }: ActionFunctionArgs) {
  backOffice(context);
  const form = await request.formData();
  const id = String(form.get("locale") ?? "");
  const target = localRedirectTarget(form.get("redirectTo"));
  const back = target?.startsWith(boPaths.home) ? target : boPaths.home;
  if (!toLocale(id)) return redirect(back);
  return redirect(back, { headers: { "set-cookie": plainCookie("locale", id, context.secure) } });
}

export async function loader() {
  return redirect(boPaths.home);
}
