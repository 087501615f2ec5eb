/**
 * Operator text (campaign rules, news, help, terms additions, deposit instructions) as blocks:
 * paragraphs, numbered lists and bulleted lists (app/README.md, "Operator text: paragraphs and
 * lists"). The text is plain; nothing in it is markup, so it renders as React text only.
 *
 * The rule, line by line:
 * - a line starting with a number and "." / ")" / "、" / "．" then a space ("1. ", "2) ") is an item
 *   of a numbered list; consecutive ones make one list, numbered from the first line's number;
 * - a line starting with "-", "•", "*" or "・" then a space is an item of a bulleted list;
 * - other lines are text: consecutive ones make one paragraph (their line breaks kept), a blank
 *   line ends it;
 * - inside a text line, a run "1. … 2. … 3. …" (each number one more than the last, from 1, at the
 *   start, after a space or after CJK punctuation, and not followed by a digit so "100.00" stays a
 *   number) is a numbered list too, the text before "1." its lead paragraph ("Rules:"). It takes two
 *   numbers at least: a lone "1." is ordinary text.
 */
export type RichBlock =
  { kind: "p"; text: string } | { kind: "ol"; start: number; items: string[] } | { kind: "ul"; items: string[] };

const NUMBERED = /^(\d{1,3})[.)、．]\s+(.*)$/u;
const BULLETED = /^[-•*・]\s+(.*)$/u;
/** a number marker inside a line: at its start, after a space or after CJK punctuation */
const INLINE_MARKER = /(^|[\s。：:；;，,！!？?])(\d{1,2})[.．、](?!\d)\s*/gu;

export function richBlocks(text: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: "p", text: paragraph.join("\n") });
    paragraph = [];
  };
  const item = (kind: "ol" | "ul", value: string, start = 1) => {
    flush();
    const last = blocks[blocks.length - 1];
    if (last && last.kind === kind) last.items.push(value);
    else blocks.push(kind === "ol" ? { kind, start, items: [value] } : { kind, items: [value] });
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "") {
      flush();
      continue;
    }
    const numbered = NUMBERED.exec(line);
    const bulleted = numbered ? null : BULLETED.exec(line);
    if (numbered) item("ol", numbered[2]!, Number(numbered[1]));
    else if (bulleted) item("ul", bulleted[1]!);
    else {
      const inline = inlineList(line);
      if (!inline) paragraph.push(line);
      else {
        if (inline.lead) paragraph.push(inline.lead);
        flush();
        blocks.push({ kind: "ol", start: 1, items: inline.items });
      }
    }
  }
  flush();
  return blocks;
}

/** "Rules: 1. a 2. b" → lead "Rules:", items [a, b]; null when the line has no run of two or more. */
function inlineList(line: string): { lead: string; items: string[] } | null {
  const markers: { at: number; end: number }[] = [];
  for (const match of line.matchAll(INLINE_MARKER)) {
    const number = Number(match[2]);
    if (number !== markers.length + 1) continue;
    const at = match.index! + match[1]!.length;
    markers.push({ at, end: match.index! + match[0].length });
  }
  if (markers.length < 2) return null;
  const items = markers.map((m, i) => line.slice(m.end, markers[i + 1]?.at ?? line.length).trim());
  if (items.some((i) => i === "")) return null;
  return { lead: line.slice(0, markers[0]!.at).trim(), items };
}
