import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requirePlatformOperator } from "~/backoffice/operator.server";
import { platformPath } from "~/backoffice/platform/tabs";

/** The section opens on its first tab, the pairs. */
export async function loader({ context }: LoaderFunctionArgs) {
  await requirePlatformOperator(context);
  throw redirect(platformPath("pairs"));
}
