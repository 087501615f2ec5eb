/**
 * The brand commands: `theme` (a site's colours, default scheme, up/down, logo usage and design:
 * type, scale, corners, density, buttons, hero; checked for WCAG AA contrast here before anything
 * is sent, and again by the platform; `--preview` and `--css` show the result without sending) and
 * `icons` (the home-screen PNGs, rendered here from the site's mark: ./icons.ts).
 */
import {
  DESIGN_CHOICES,
  hexColor,
  LOGO_USAGES,
  practiceAccent,
  theme as themeSchema,
  themeProblems,
  type Theme,
  type ThemeDesign,
} from "../../contract";
import { COLOR_SCHEMES, SCHEME_CHOICES, UP_DOWN_CHOICES } from "#rules/appearance";
import { designAttributes, themeCss, practiceCss } from "../../../app/utils/theme-css";
import { readFile, writeFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { renderIcons } from "./icons";
import { siteArg, userPath } from "./inputs";
import { keyValue } from "./format";
import type { CommandSpec, FlagSpec } from "./spec";
import { suggestion, UsageError } from "./spec";

const PALETTE_FIELDS = ["accent", "background", "surface"] as const;

const oneOf = (values: readonly string[]) => (value: string) =>
  values.includes(value) ? undefined : `one of ${values.join(", ")}${suggestion(value, values)}`;
const colorCheck = (value: string) => (hexColor.safeParse(value).success ? undefined : "a colour as #rrggbb");

/** --light-accent, --light-background, …, --dark-surface */
const COLOR_FLAGS: FlagSpec[] = COLOR_SCHEMES.flatMap((scheme) =>
  PALETTE_FIELDS.map((field) => ({
    name: `${scheme}-${field}`,
    type: "string" as const,
    value: "#rrggbb",
    help: `the ${field} colour of the ${scheme} scheme`,
    check: colorCheck,
  })),
);

/** What each design part means, for the help and the printed theme. */
const DESIGN_HELP: Record<keyof ThemeDesign, string> = {
  font: "the type family (installed fonts, with CJK fonts of the same style per language)",
  scale: "the type scale: every text and space in rem follows it (15, 16, 17 px)",
  radius: "corners of cards, fields, buttons and chips (2, 8, 16 px)",
  density: "space inside cards and between sections (touch targets stay 44 px)",
  buttons: "solid (main action filled), outline (all outlined), pill (filled, fully rounded)",
  hero: "the home page's hero: centred, split (beside the site's pairs and odds), banner (artwork band over a tinted panel)",
  imagery: "the hero's built-in artwork, drawn in the accent",
};
const DESIGN_PARTS = Object.keys(DESIGN_CHOICES) as (keyof ThemeDesign)[];

/** --font, --scale, --radius, --density, --buttons, --hero, --imagery */
const DESIGN_FLAGS: FlagSpec[] = DESIGN_PARTS.map((part) => ({
  name: part,
  type: "string" as const,
  value: DESIGN_CHOICES[part].join("|"),
  help: DESIGN_HELP[part],
  check: oneOf(DESIGN_CHOICES[part]),
}));

const LANGUAGE_TAGS = ["en-US", "zh-TW", "zh-CN", "ja-JP"] as const;

/** The theme as `get-site` and `theme` print it. */
export function themeLines(t: Theme): [string, string][] {
  const palette = (scheme: "light" | "dark") => PALETTE_FIELDS.map((f) => `${f} ${t[scheme][f]}`).join(", ");
  return [
    ["light", palette("light")],
    ["dark", palette("dark")],
    ["default scheme", t.defaultScheme],
    ["up/down", t.upDown === "locale" ? "by the member's language (red-up for zh-TW, zh-CN, ja-JP)" : t.upDown],
    [
      "logo",
      t.logo === "wordmark" ? "wordmark (the logo image alone)" : "mark-name (the favicon mark beside the title)",
    ],
    ...DESIGN_PARTS.map((part): [string, string] => [part, t[part]]),
    [
      "practice accent",
      COLOR_SCHEMES.map((scheme) => `${scheme} ${practiceAccent(t, scheme) ?? "none (keeps the accent)"}`).join(", "),
    ],
  ];
}

/** The CSS and `<html>` attributes the site renders for the theme on a page in `lang` (the preview). */
export function themePreview(t: Theme, lang: string): string {
  const attributes = Object.entries(designAttributes(t))
    .map(([name, value]) => `${name}="${value}"`)
    .join(" ");
  return [
    `<html lang="${lang}" ${attributes}>`,
    `<style>${themeCss(t, lang)}</style>`,
    `<style> /* practice mode */ ${practiceCss(t)}</style>`,
  ].join("\n");
}

/** The current theme with the flags given applied over it. */
export function themeFromFlags(current: Theme, flags: Record<string, string | boolean | undefined>): Theme {
  const next: Theme = { ...current, light: { ...current.light }, dark: { ...current.dark } };
  for (const scheme of COLOR_SCHEMES) {
    for (const field of PALETTE_FIELDS) {
      const value = flags[`${scheme}-${field}`];
      if (typeof value === "string") next[scheme][field] = value;
    }
  }
  if (typeof flags["default-scheme"] === "string")
    next.defaultScheme = flags["default-scheme"] as Theme["defaultScheme"];
  if (typeof flags["up-down"] === "string") next.upDown = flags["up-down"] as Theme["upDown"];
  if (typeof flags.logo === "string") next.logo = flags.logo as Theme["logo"];
  for (const part of DESIGN_PARTS) {
    const value = flags[part];
    if (typeof value === "string") (next as Record<string, unknown>)[part] = value;
  }
  const parsed = themeSchema.safeParse(next);
  if (!parsed.success)
    throw new UsageError(
      `the theme is not valid: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
      "theme",
    );
  return parsed.data;
}

export const THEME_COMMAND: CommandSpec = {
  name: "theme",
  summary: "set a site's theme: colours, default scheme, up/down, logo usage, type, corners, density, buttons, hero",
  details:
    "Flags not given keep the site's current value; without flags the theme is printed. Every pair a\n" +
    "page draws text with must reach WCAG AA (4.5:1, field borders 3:1), and practice mode must find an\n" +
    "accent of its own (readable, at least ΔE 30 from the brand's): a theme that fails is refused here,\n" +
    "each problem printed, and nothing is sent (the platform checks it again). A theme stored before\n" +
    "the design flags existed reads as their defaults (system, regular, soft, comfortable, solid,\n" +
    "centred, none). --preview checks and prints the result without sending it; --css prints the CSS\n" +
    "and <html> attributes a page would get (with --lang for a language's fonts).",
  args: [siteArg],
  flags: [
    ...COLOR_FLAGS,
    {
      name: "default-scheme",
      type: "string",
      value: "scheme",
      help: `what a new visitor sees: ${SCHEME_CHOICES.join(", ")}`,
      check: oneOf(SCHEME_CHOICES),
    },
    {
      name: "up-down",
      type: "string",
      value: "choice",
      help: `which of rise and fall is green: locale, ${UP_DOWN_CHOICES.join(", ")}`,
      check: oneOf(["locale", ...UP_DOWN_CHOICES]),
    },
    {
      name: "logo",
      type: "string",
      value: "usage",
      help: `${LOGO_USAGES.join(" (the logo image alone) or ")} (the favicon mark beside the title)`,
      check: oneOf(LOGO_USAGES),
    },
    ...DESIGN_FLAGS,
    { name: "preview", type: "boolean", help: "check and print the theme the flags make, without sending it" },
    { name: "css", type: "boolean", help: "also print the CSS and <html> attributes a page gets" },
    {
      name: "lang",
      type: "string",
      value: "language",
      help: `the page language of --css (its fonts): ${LANGUAGE_TAGS.join(", ")}; default en-US`,
      check: oneOf(LANGUAGE_TAGS),
    },
  ],
  examples: [
    "theme demo",
    "theme demo --light-accent '#0f766e' --dark-surface '#161b22' --default-scheme dark --up-down red-up --logo mark-name",
    "theme demo2 --font grotesk --scale compact --radius square --density compact --hero split --preview --css --lang zh-TW",
  ],
  async run(ctx) {
    const siteId = ctx.args.siteId!;
    const info = await ctx.platform.read("siteInfo", { siteId });
    if (info.statusCode !== 200 || !info.data) return ctx.refused(info, `reading ${siteId}`);
    // a theme stored before the design parts: read with their defaults
    const current = themeSchema.parse(info.data.theme);
    const lang = typeof ctx.flags.lang === "string" ? ctx.flags.lang : "en-US";
    const show = (t: Theme) =>
      (ctx.json ? JSON.stringify(t, null, 2) : keyValue(themeLines(t))) +
      (ctx.flags.css ? `\n\n${themePreview(t, lang)}` : "");
    const changed = Object.keys(ctx.flags).some(
      (name) => !["preview", "css", "lang"].includes(name) && ctx.flags[name] !== undefined,
    );
    if (!changed) {
      ctx.io.out(show(current));
      return;
    }
    const next = themeFromFlags(current, ctx.flags);
    const problems = themeProblems(next);
    if (problems.length > 0) {
      ctx.fail(
        `the theme is not readable enough (WCAG AA), nothing was sent:\n${problems.map((p) => `  ${p}`).join("\n")}`,
      );
      return;
    }
    if (ctx.flags.preview) {
      ctx.io.out(`preview of ${siteId}'s theme, nothing was sent:\n${show(next)}`);
      return;
    }
    const answer = await ctx.platform.operator("operatorPutSite", { params: { siteId }, body: { theme: next } });
    await ctx.show(answer, (site) => keyValue([["site", site.siteId], ...themeLines(site.theme)]));
  },
};

/** Where the mark comes from: --mark, else the site's favicon (a path under public/, or a URL). */
async function markSvg(ctx: Parameters<CommandSpec["run"]>[0], favicon: string): Promise<string> {
  const flag = ctx.flags.mark as string | undefined;
  if (flag) return readFile(userPath(ctx, flag), "utf8");
  if (/^https?:\/\//.test(favicon)) {
    const response = await ctx.io.fetch(favicon);
    if (!response.ok)
      throw new UsageError(`the favicon ${favicon} answered ${response.status}: give the mark with --mark`, "icons");
    return response.text();
  }
  if (favicon.startsWith("/")) return readFile(join(ctx.root, "public", favicon), "utf8");
  throw new UsageError("the site has no favicon (its square mark): give one with --mark <file.svg>", "icons");
}

export const ICONS_COMMAND: CommandSpec = {
  name: "icons",
  summary: "render and upload a site's home-screen icons (PNG 180, 192, 512) from its mark and accent",
  details:
    "The whole square is the theme's accent; the square mark (the site's favicon SVG, or --mark) is\n" +
    "centred inside the maskable safe zone. The site serves them at /icons/192.png, /icons/512.png and\n" +
    "/apple-touch-icon.png. Needs @resvg/resvg-js (the rasterizer). Run it again after a new theme or mark.",
  args: [siteArg],
  flags: [
    { name: "mark", type: "string", value: "file.svg", help: "the square mark to draw (default: the site's favicon)" },
    { name: "out", type: "string", value: "dir", help: "also write the PNGs to this folder, to look at them" },
  ],
  examples: ["icons demo", "icons brand3 --mark brand3-mark.svg --out icons/"],
  async run(ctx) {
    const siteId = ctx.args.siteId!;
    const info = await ctx.platform.read("siteInfo", { siteId });
    if (info.statusCode !== 200 || !info.data) return ctx.refused(info, `reading ${siteId}`);
    const icons = await renderIcons(await markSvg(ctx, info.data.favicon), info.data.theme).catch((error: Error) => {
      ctx.fail(error.message);
      return null;
    });
    if (!icons) return;
    const out = ctx.flags.out ? userPath(ctx, ctx.flags.out as string) : undefined;
    if (out) await mkdir(out, { recursive: true });
    for (const [size, png] of icons) {
      if (out) await writeFile(join(out, `${siteId}-${size}.png`), png);
      const file = new Blob([png as Uint8Array<ArrayBuffer>], { type: "image/png" });
      const answer = await ctx.platform.operator("operatorPutIcon", { params: { siteId, size }, body: {}, file });
      if (!(await ctx.show(answer, (stored) => `icon ${size}×${size} of ${siteId}: ${stored.bytes} bytes`))) return;
    }
  },
};
