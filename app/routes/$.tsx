/** Any path no route matches: the 404 page, "Page Not Found" and the path (server/site/README.md, "Not found"). */
export async function loader() {
  throw new Response("Page Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
