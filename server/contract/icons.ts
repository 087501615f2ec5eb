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

/** The colour an icon's square is filled with: the brand's accent (of the light scheme, the operator's primary colour). */
export const iconBackground = (t: { light: { accent: string } }): string => t.light.accent;
