/**
 * A site's home-screen icons (server/contract/README.md, "Icons"): square PNGs the operator CLI
 * renders from the site's mark and accent and uploads; the site serves them at stable URLs
 * (/icons/192.png, /icons/512.png, /apple-touch-icon.png) and lists 192 and 512 in its manifest.
 */

/** 180: the apple-touch-icon; 192 and 512: the web app manifest's (Android's minimum and splash). */
export const ICON_SIZES = ["180", "192", "512"] as const;
export type IconSize = (typeof ICON_SIZES)[number];

/** An icon larger than this is refused: a 512 px square of flat colours and one mark is a few KB. */
export const ICON_MAX_BYTES = 256 * 1024;

/**
 * The maskable safe zone (W3C Manifest, "icon masks"): launchers may crop to a circle of 40% of the
 * size around the centre, so the mark is drawn inside it and the accent fills the whole square.
 */
export const ICON_SAFE_RADIUS = 0.4;

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG (by its bytes, not its name or type). */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 33 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // the first chunk must be IHDR (length 13)
  if (view.getUint32(8) !== 13 || String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * Why an upload cannot be the icon of `size`, or null when it can: larger than ICON_MAX_BYTES, not a
 * PNG, or not exactly size × size pixels. The platform refuses the same (operatorPutIcon), the back
 * office before sending.
 */
export function iconProblem(bytes: Uint8Array, size: IconSize): "too_large" | "not_png" | "wrong_size" | null {
  if (bytes.byteLength > ICON_MAX_BYTES) return "too_large";
  const dimensions = pngSize(bytes);
  if (!dimensions) return "not_png";
  return dimensions.width === Number(size) && dimensions.height === Number(size) ? null : "wrong_size";
}

/** The colour an icon's square is filled with: the brand's accent (of the light scheme, the operator's primary colour). */
export const iconBackground = (t: { light: { accent: string } }): string => t.light.accent;
