import { describe, expect, it } from "vitest";
import { contrastVerdicts, DEFAULT_THEME, themeProblems, type Theme } from "../../server/contract";
import { themeDraftOf } from "../../app/backoffice/brand/theme-form";
import { contentDraftOf } from "../../app/backoffice/brand/content-form";
import { contractDraftOf } from "../../app/backoffice/brand/contract-form.server";
import { scopedThemeCss } from "../../app/utils/theme-css";

const formOf = (fields: Record<string, string | string[]>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  return form;
};

/** The back office's brand forms (app/backoffice/brand/): each reads a plain form with the contract's own rules. */
describe("contrastVerdicts", () => {
  it("gives every pair themeProblems checks, failing exactly where it refuses", () => {
    const t: Theme = { ...DEFAULT_THEME, light: { ...DEFAULT_THEME.light, accent: "#777777" }, buttons: "outline" };
    const verdicts = contrastVerdicts(t, "light");
    expect(verdicts.some((v) => v.name === "outline button text")).toBe(true);
    const failing = verdicts.filter((v) => !v.passes);
    expect(
      failing.map(
        (v) => `light: ${v.name} ${v.color} on ${v.ground} ${v.groundColor} is ${v.ratio}:1, needs ${v.needed}:1`,
      ),
    ).toEqual(themeProblems(t).filter((p) => p.startsWith("light: ")));
    expect(contrastVerdicts(DEFAULT_THEME, "dark").every((v) => v.passes)).toBe(true);
  });
});

describe("themeDraftOf", () => {
  it("keeps what the form leaves out, and lists the fields that are not colours or choices", () => {
    const draft = themeDraftOf(formOf({ "dark.surface": "blue", font: "comic" }), DEFAULT_THEME);
    expect(draft.ok).toBe(false);
    if (!draft.ok) expect(draft.invalid.sort()).toEqual(["dark.surface", "font"]);
    const fine = themeDraftOf(formOf({ "light.accent": "#0F766E" }), DEFAULT_THEME);
    expect(fine.ok && fine.theme).toEqual({ ...DEFAULT_THEME, light: { ...DEFAULT_THEME.light, accent: "#0f766e" } });
  });
});

describe("scopedThemeCss", () => {
  it("writes the theme's colours on the selector only, dark under its data-scheme, never on :root", () => {
    const css = scopedThemeCss(DEFAULT_THEME, "ja-JP", ".pane");
    expect(css).toContain(`.pane{--fg:`);
    expect(css).toContain(`.pane[data-scheme=dark]{`);
    expect(css).toContain(`.pane[data-updown=red-up]{--up:var(--red)`);
    expect(css).not.toContain(":root");
  });
});

describe("contentDraftOf", () => {
  const campaign = (extra: Record<string, string>) =>
    formOf({ key: "k1", startsAt: "2026-02-01T08:30", endsAt: "", ...extra });

  it("publishes only the languages written, LF for CRLF, the start read as UTC", () => {
    const draft = contentDraftOf(
      campaign({
        "title.en-US": "Hello",
        "content.en-US": "a\r\nb",
        "title.ja-JP": "こんにちは",
        "content.ja-JP": "本文",
      }),
      "campaign",
      "en-US",
    );
    expect(draft.ok).toBe(true);
    if (!draft.ok) return;
    expect(draft.languages.map((l) => l.lang)).toEqual(["en_US", "ja_JP"]);
    expect(draft.languages[0]!.texts.content).toBe("a\nb");
    expect(draft.startsAt).toBe("2026-02-01T08:30:00.000Z");
    expect(draft.endsAt).toBeNull();
  });

  it("refuses a missing text language, an incomplete language, an end before the start, a control character", () => {
    const errors = (form: FormData) => {
      const draft = contentDraftOf(form, "campaign", "en-US");
      return draft.ok ? [] : draft.errors;
    };
    expect(errors(campaign({ "title.ja-JP": "x", "content.ja-JP": "y" }))).toEqual(["text_language"]);
    expect(errors(campaign({ "title.en-US": "x" }))).toEqual(["incomplete"]);
    expect(errors(campaign({ "title.en-US": "x", "content.en-US": "y", endsAt: "2026-01-01T00:00" }))).toEqual([
      "ends",
    ]);
    expect(errors(campaign({ "title.en-US": "x", "content.en-US": "y\u0007" }))).toEqual(["control"]);
    expect(errors(campaign({ key: "has space", "title.en-US": "x", "content.en-US": "y" }))).toEqual(["key"]);
  });
});

describe("contractDraftOf", () => {
  it("reads amounts in the currency's minor units and drops pairs the site does not offer", () => {
    const draft = contractDraftOf(
      formOf({
        leverageOptions: "5, 10，20",
        feePpm: "500",
        maxFeeShareBp: "1000",
        stopOutBp: "1000",
        slippageBp: "50",
        maxOpenPositions: "10",
        minMargin: "1",
        maxMargin: "1,000.5",
        maxNotionalPerMember: "100000",
        maxNotionalPerPair: "1000000",
        closeOnlyPairs: ["BTC-USDT", "NOPE-USDT"],
      }),
      "USD",
      ["BTC-USDT"],
    );
    expect(draft.ok && draft.settings).toMatchObject({
      leverageOptions: [5, 10, 20],
      minMargin: 100,
      maxMargin: 100_050,
      closeOnlyPairs: ["BTC-USDT"],
    });
  });
});
