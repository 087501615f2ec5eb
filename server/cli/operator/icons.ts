/**
 * The home-screen icons of a site, rendered here, on the operator's machine: a Worker has no
 * rasterizer (server/platform/README.md, "Icons"). The design, per size (180, 192, 512):
 *
 * - the whole square is the site's accent (maskable: launchers crop it to a circle, a squircle or a
 *   rounded square, so nothing but colour may reach the edges);
 * - the site's square mark (its `favicon` SVG) is centred at 56% of the side, inside the maskable
 *   safe zone (a circle of 40% radius: the mark's half-diagonal is 0.56 × 0.707 ≈ 0.396).
 *
 * One image serves as "any" and as "maskable", and as the apple-touch-icon (iOS rounds the corners
 * itself). The SVG is rasterized with @resvg/resvg-js (a native build of resvg, no network at run
 * time), loaded only when icons are made, so every other command runs without it.
 */
import { ICON_SAFE_RADIUS, ICON_SIZES, iconBackground, type IconSize, type Theme } from "../../contract";

/** The mark's side as a share of the icon's: its half-diagonal stays inside the safe zone. */
export const MARK_SHARE = 0.56;

/** The mark SVG's viewBox and inner content, or an error saying what is wrong with it. */
export function parseMark(svg: string): { viewBox: string; content: string } {
  const match = /<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/i.exec(svg.trim());
  if (!match) throw new Error("the mark is not an SVG document");
  const attributes = match[1]!;
  const viewBox = /\bviewBox="([^"]+)"/.exec(attributes)?.[1];
  const width = /\bwidth="([\d.]+)"/.exec(attributes)?.[1];
  const height = /\bheight="([\d.]+)"/.exec(attributes)?.[1];
  if (!viewBox && !(width && height)) throw new Error("the mark SVG has neither a viewBox nor a width and height");
  return { viewBox: viewBox ?? `0 0 ${width} ${height}`, content: match[2]! };
}

/** The icon of one size as SVG: the accent square and the mark centred in the safe zone. */
export function iconSvg(markSvg: string, theme: Theme, size: number): string {
  const mark = parseMark(markSvg);
  const side = Math.round(size * MARK_SHARE);
  const at = Math.round((size - side) / 2);
  if ((side / 2) * Math.SQRT2 > size * ICON_SAFE_RADIUS + 1) throw new Error("the mark would leave the safe zone");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="${iconBackground(theme)}"/>` +
    `<svg x="${at}" y="${at}" width="${side}" height="${side}" viewBox="${mark.viewBox}" preserveAspectRatio="xMidYMid meet">${mark.content}</svg>` +
    `</svg>`
  );
}

type Rasterize = (svg: string, size: number) => Uint8Array;

/**
 * The rasterizer (a devDependency, imported only when icons are made), or an error naming the
 * package when an install left it out (it is a native build per platform).
 */
export async function loadRasterizer(): Promise<Rasterize> {
  let resvg: typeof import("@resvg/resvg-js");
  try {
    resvg = await import("@resvg/resvg-js");
  } catch {
    throw new Error("icons need the rasterizer @resvg/resvg-js (a devDependency): run npm install");
  }
  return (svg, size) =>
    new Uint8Array(
      new resvg.Resvg(svg, {
        fitTo: { mode: "width", value: size },
        font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" },
      })
        .render()
        .asPng(),
    );
}

/** Every size's PNG. */
export async function renderIcons(
  markSvg: string,
  theme: Theme,
  rasterize?: Rasterize,
): Promise<Map<IconSize, Uint8Array>> {
  const draw = rasterize ?? (await loadRasterizer());
  return new Map(ICON_SIZES.map((size) => [size, draw(iconSvg(markSvg, theme, Number(size)), Number(size))]));
}
