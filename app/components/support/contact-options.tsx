import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";

/** The customer-service chat, opened in a new tab so the member keeps their place on the site. */
export function ChatLink({ href }: { href: string | null }) {
  const { t } = useTranslation("support");
  return (
    <section className="card" aria-labelledby="contact-chat">
      <h2 id="contact-chat">{t("contact.chat_title")}</h2>
      {href ? (
        <>
          <p>{t("contact.chat_body")}</p>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="button button-primary"
            data-testid="chat-link"
          >
            {t("contact.chat_open")}
            <span className="visually-hidden"> {t("contact.new_tab")}</span>
          </a>
        </>
      ) : (
        <p className="muted">{t("contact.chat_unavailable")}</p>
      )}
    </section>
  );
}

export function MemberMessagesLink() {
  const { t } = useTranslation("support");
  return (
    <section className="card" aria-labelledby="contact-messages">
      <h2 id="contact-messages">{t("contact.messages_title")}</h2>
      <p>{t("contact.messages_body")}</p>
      <p>
        <Link to="/user/message">{t("contact.messages_link")}</Link>
      </p>
      <p>
        <Link to="/user/help">{t("contact.help_link")}</Link>
      </p>
    </section>
  );
}

export function SocialLinks({ options }: { options: { name: string; url: string }[] }) {
  const { t } = useTranslation("support");
  if (options.length === 0) return null;
  return (
    <section className="card" aria-labelledby="contact-social">
      <h2 id="contact-social">{t("contact.social_title")}</h2>
      <ul className="plain-list">
        {options.map((o) => (
          <li key={o.url}>
            <a href={o.url} target="_blank" rel="noopener noreferrer">
              {o.name}
              <span className="visually-hidden"> {t("contact.new_tab")}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
