import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { RichText } from "../../app/components/rich-text";
import { richBlocks } from "../../app/utils/rich-text";

/** Operator text as paragraphs and lists (app/utils/rich-text.ts has the rule). */
describe("richBlocks", () => {
  it("makes lines starting with numbers a numbered list and lines starting with -, • or ・ a bulleted one", () => {
    expect(
      richBlocks("Rules:\n1. Settled rounds count.\n2. One rebate a month.\n\n- Fair play\n• No bots\n・ 日本語"),
    ).toEqual([
      { kind: "p", text: "Rules:" },
      { kind: "ol", start: 1, items: ["Settled rounds count.", "One rebate a month."] },
      { kind: "ul", items: ["Fair play", "No bots", "日本語"] },
    ]);
  });

  it("keeps consecutive text lines as one paragraph and starts a numbered list at its first number", () => {
    expect(richBlocks("Line one\nline two\n3) third\n4) fourth")).toEqual([
      { kind: "p", text: "Line one\nline two" },
      { kind: "ol", start: 3, items: ["third", "fourth"] },
    ]);
  });

  it("splits an inline run 1. … 2. … 3. … in a line, also after CJK punctuation", () => {
    expect(richBlocks("Rules: 1. Settled rounds count. 2. Up to 200.00 back. 3. Once a month.")).toEqual([
      { kind: "p", text: "Rules:" },
      { kind: "ol", start: 1, items: ["Settled rounds count.", "Up to 200.00 back.", "Once a month."] },
    ]);
    expect(richBlocks("規則：1. 已結算的回合皆計入。2. 每月限領一次。")).toEqual([
      { kind: "p", text: "規則：" },
      { kind: "ol", start: 1, items: ["已結算的回合皆計入。", "每月限領一次。"] },
    ]);
  });

  it("leaves text without a run of two numbers alone: decimals, dates, a lone 1.", () => {
    for (const text of [
      "Up to 100.00 a day.",
      "From 1 January 2026.",
      "Step 1. Open the page.",
      "Version 2. 5 changes.",
    ]) {
      expect(richBlocks(text), text).toEqual([{ kind: "p", text }]);
    }
  });
});

describe("RichText", () => {
  it("renders a campaign's numbered rules as <ol> items and escapes the text", () => {
    const html = renderToStaticMarkup(createElement(RichText, { text: "Rules: 1. <b>one</b> 2. two" }));
    expect(html).toBe('<div class="rich-text"><p>Rules:</p><ol><li>&lt;b&gt;one&lt;/b&gt;</li><li>two</li></ol></div>');
  });
});
