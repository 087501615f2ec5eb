import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { iconResponse } from "~/utils/site-icon.server";

/** The manifest's icons: /icons/192.png and /icons/512.png (the apple-touch-icon has its own route). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const size = /^(192|512)\.png$/.exec(params.file ?? "")?.[1] as "192" | "512" | undefined;
  if (!size) throw new Response("Not Found", { status: 404 });
  return iconResponse(context, size);
}
