import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";

/** Sign-out: the platform session is revoked too, so a copied token is refused at once. */
export async function action({ context }: ActionFunctionArgs) {
  const { session, platform, siteId } = context;
  if (session.signedIn) {
    await platform.call("signout").catch((thrown: unknown) => {
      // a session the platform already ended is just as signed out
      if (!(thrown instanceof Response)) throw thrown;
    });
  }
  session.signOut(siteId);
  session.flashToast({ kind: "success", key: "logout_success" });
  return redirect("/");
}

export async function loader() {
  return redirect("/");
}
