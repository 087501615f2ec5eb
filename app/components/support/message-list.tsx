import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import type { CallData } from "../../../server/contract";
import { Time } from "./time";

type MessageSummary = CallData<"messages">["items"][number];

/** The member's messages, newest activity first: title, last activity, replies, and whether a reply is unread. */
export function MessageList({ items }: { items: MessageSummary[] }) {
  const { t } = useTranslation("support");
  if (items.length === 0) return <p className="records-empty">{t("message.empty")}</p>;
  return (
    <ul className="message-list">
      {items.map((m) => (
        <li key={m.id} className={m.unread ? "message-item message-unread" : "message-item"} data-testid="message-item">
          <Link to={`/user/message/${encodeURIComponent(m.id)}`} className="message-link">
            {m.title}
          </Link>
          {m.unread ? (
            <span className="badge badge-unread" data-testid="unread-badge">
              {t("message.unread")}
            </span>
          ) : null}
          <p className="hint">
            {t("message.last_activity")} <Time iso={m.updatedAt} /> · {t("message.replies", { count: m.replyCount })}
          </p>
        </li>
      ))}
    </ul>
  );
}
