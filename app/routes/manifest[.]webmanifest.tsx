import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { toLocale } from "~/i18n";

/**
 * The tenant's web app manifest: the site added to a phone's home screen opens as its own app,
 * named and iconed after the site. Public and short-lived, as an operator may rebrand.
 *
 * Colours from the site's theme, in the scheme a new visitor sees (dark when the site defaults to
 * dark, else light: the manifest cannot follow the device): `theme_color` is the surface, so the
 * phone's status bar continues the site's header; `background_color` the page, shown on the splash
 * screen before the first paint. Icons: the 192 and 512 px PNGs (app/README.md, "Brand"), each
 * listed as "any" and as "maskable" (the accent fills the square, the mark stays inside the safe
 * zone), then the scalable favicon.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { site } = context;
  const lang = site.defaultLanguage ? toLocale(site.defaultLanguage) : undefined;
  const palette = site.theme.defaultScheme === "dark" ? site.theme.dark : site.theme.light;
  const manifest = {
    id: "/",
    name: site.title,
    short_name: shortName(site.title),
    ...(site.description ? { description: site.description } : {}),
    ...(lang ? { lang } : {}),
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: palette.surface,
    background_color: palette.background,
    icons: [
      ...["192", "512"].flatMap((size) =>
        (["any", "maskable"] as const).map((purpose) => ({
          src: `/icons/${size}.png`,
          sizes: `${size}x${size}`,
          type: "image/png",
          purpose,
        })),
      ),
      ...(site.favicon ? [icon(site.favicon)] : []),
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "content-type": "application/manifest+json", "cache-control": "public, max-age=300" },
  });
}

/** Home screens show about 12 characters: whole words of the title that fit, else its start. */
function shortName(title: string): string {
  if (title.length <= 12) return title;
  let name = "";
  for (const word of title.split(/\s+/)) {
    const next = name ? `${name} ${word}` : word;
    if (next.length > 12) break;
    name = next;
  }
  return name || title.slice(0, 12);
}

const IMAGE_TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  webp: "image/webp",
  ico: "image/x-icon",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};

/** An SVG scales to any size; for other images the size is not known, so it is left out. */
function icon(src: string) {
  const extension = /\.([a-z]+)(?:[?#].*)?$/i.exec(src)?.[1]?.toLowerCase() ?? "";
  const type = IMAGE_TYPES[extension];
  return { src, ...(type ? { type } : {}), ...(extension === "svg" ? { sizes: "any", purpose: "any" } : {}) };
}
