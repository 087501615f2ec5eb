import { richBlocks } from "../utils/rich-text";

/**
 * An operator's plain text as paragraphs, numbered and bulleted lists (the rule: app/utils/rich-text.ts).
 * Block content: use it where a <div> may stand (not inside a <label> or a <p>).
 */
export function RichText({
  text,
  className,
  id,
  testId,
}: {
  text: string;
  className?: string;
  id?: string;
  testId?: string;
}) {
  return (
    <div className={className ? `rich-text ${className}` : "rich-text"} id={id} data-testid={testId}>
      {richBlocks(text).map((block, i) =>
        block.kind === "p" ? (
          <p key={i}>{block.text}</p>
        ) : block.kind === "ol" ? (
          <ol key={i} start={block.start === 1 ? undefined : block.start}>
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ol>
        ) : (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
