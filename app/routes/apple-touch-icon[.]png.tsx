import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { iconResponse } from "~/utils/site-icon.server";

/** iOS asks for /apple-touch-icon.png by itself; the page's <link rel="apple-touch-icon"> names it too. */
export async function loader({ context }: LoaderFunctionArgs) {
  return iconResponse(context, "180");
}
