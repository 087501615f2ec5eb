import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { backOffice } from "~/backoffice/operator.server";
import { boPaths } from "~/backoffice/sections";

/** Sign-out: the key leaves the cookie; the platform keeps it (only an admin's rotate or revoke ends a key). */
export async function action({ context }: ActionFunctionArgs) {
  const bo = backOffice(context);
  bo.session.signOut();
  bo.session.flash({ kind: "success", key: "login.signed_out" });
  return redirect(boPaths.login);
}

export async function loader() {
  return redirect(boPaths.home);
}
