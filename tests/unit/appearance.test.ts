import { describe, expect, it } from "vitest";
import { DEFAULT_THEME, themeColors } from "../../server/contract/theme";
import { SCHEME_CHOICES } from "#rules/appearance";
import { SCHEMES } from "../../app/utils/appearance";
import { appearanceOf, themeColorMetas, themeCss } from "../../app/utils/theme.server";

/** The appearance choices a member is offered, and the theme CSS the root loader writes (app/README.md, "Themes"). */
describe("appearance", () => {
  it("offers every scheme choice, each once, in the member's reading order (light, dark, then the device's)", () => {
    expect([...SCHEMES].sort()).toEqual([...SCHEME_CHOICES].sort());
    expect(SCHEMES).toEqual(["light", "dark", "system"]);
  });

  it("writes every colour of both schemes, dark also under the device's dark setting when following it", () => {
    const css = themeCss(DEFAULT_THEME, "en-US");
    const light = themeColors(DEFAULT_THEME.light, "light");
    const dark = themeColors(DEFAULT_THEME.dark, "dark");
    expect(css.startsWith(`:root{--fg:${light.fg};`)).toBe(true);
    expect(css).toContain(`:root[data-scheme=dark]{--fg:${dark.fg};`);
    expect(css).toContain(`@media (prefers-color-scheme:dark){:root[data-scheme=system]{--fg:${dark.fg};`);
    for (const property of [
      "--fg",
      "--muted",
      "--bg",
      "--card",
      "--line",
      "--field",
      "--accent",
      "--accent-fg",
      "--accent-soft",
      "--green",
      "--red",
      "--danger",
      "--ok",
    ]) {
      expect(css.split(`${property}:`).length - 1, property).toBe(3);
    }
    expect(css).toContain(`--accent-soft:${dark.accentSoft}`);
  });

  it("reads the member's cookies, ignoring unknown values, and defaults to the site's scheme and the language's up/down", () => {
    const request = (cookie: string, url = "http://localhost/") => new Request(url, { headers: { cookie } });
    const theme = { ...DEFAULT_THEME, defaultScheme: "dark" as const };
    expect(appearanceOf(request(""), theme, "en-US")).toEqual({ scheme: "dark", updown: "green-up" });
    expect(appearanceOf(request(""), theme, "ja-JP")).toEqual({ scheme: "dark", updown: "red-up" });
    expect(appearanceOf(request("scheme=light; updown=green-up"), theme, "zh-TW")).toEqual({
      scheme: "light",
      updown: "green-up",
    });
    expect(appearanceOf(request("scheme=sepia; updown=blue"), theme, "zh-CN")).toEqual({
      scheme: "dark",
      updown: "red-up",
    });
    // on HTTPS the cookies are __Host- ones, like the language's; a bare name there is not the site's
    expect(appearanceOf(request("__Host-scheme=light", "https://site.example/"), theme, "en-US").scheme).toBe("light");
    expect(appearanceOf(request("scheme=light", "https://site.example/"), theme, "en-US").scheme).toBe("dark");
    // the site's own convention wins over the language's
    expect(appearanceOf(request(""), { ...theme, upDown: "green-up" }, "ja-JP").updown).toBe("green-up");
  });

  it("gives one theme-color for a chosen scheme and one per scheme with its media query when following the device", () => {
    expect(themeColorMetas(DEFAULT_THEME, "dark")).toEqual([
      { name: "theme-color", content: DEFAULT_THEME.dark.surface },
    ]);
    expect(themeColorMetas(DEFAULT_THEME, "system").map((m) => m.media)).toEqual([
      "(prefers-color-scheme: light)",
      "(prefers-color-scheme: dark)",
    ]);
  });
});
