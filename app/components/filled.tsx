import { Fragment, type ReactNode } from "react";

/**
 * A catalog string whose {{placeholders}} are elements (an amount, a time, a muted note): the
 * catalog owns every word and sign around them, so no colon, bracket, dot or space is put beside
 * a translated text by code (「利用可能額：US$0.00」, never 「利用可能額: US$0.00」). Pass the text
 * from t() without the slots' values, so their placeholders are still in it.
 */
export function Filled({ text, slots }: { text: string; slots: Readonly<Record<string, ReactNode>> }) {
  const parts = text.split(/\{\{\s*([\w.]+)\s*\}\}/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{i % 2 === 0 ? part : (slots[part] ?? `{{${part}}}`)}</Fragment>
      ))}
    </>
  );
}
