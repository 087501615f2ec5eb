import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requirePlatformOperator } from "~/backoffice/operator.server";
import { platformPath } from "~/backoffice/platform/tabs";

/** The section opens on its first tab, the pairs. */
export async function loader({ context }: LoaderFunctionArgs) {
  await requirePlatformOperator(context);
  throw redirect(platformPath("pairs"));
}

/** Never shown (the loader always redirects or refuses); a component keeps this a page, so a refusal is the worded 403. */
export default function PlatformIndex() {
  return null;
}
