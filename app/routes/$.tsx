/** Any path no route matches: the 404 page of spec §2 ("Page Not Found" and the path). */
export async function loader() {
  throw new Response("Page Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
