import { useTranslation } from "~/utils/translator";
import type { MessageThread as Thread } from "../../../server/contract";
import { Time } from "./time";

type Entry = { id: string; from: "member" | "operator"; content: string; createdAt: string };

/** A message and its replies in order; the member's words and customer service's look and read differently. */
export function MessageThread({ thread }: { thread: Thread }) {
  const { t } = useTranslation("support");
  const entries: Entry[] = [
    { id: `${thread.id}-original`, from: "member", content: thread.content, createdAt: thread.createdAt },
    ...thread.replies,
  ];
  return (
    <ol className="thread" aria-label={t("thread.label")}>
      {entries.map((entry) => (
        <li key={entry.id} className={`thread-entry thread-${entry.from}`} data-from={entry.from}>
          <p className="thread-meta">
            <strong>{entry.from === "member" ? t("thread.from_member") : t("thread.from_operator")}</strong> ·{" "}
            <Time iso={entry.createdAt} />
          </p>
          <p className="stored-text">{entry.content}</p>
        </li>
      ))}
    </ol>
  );
}
