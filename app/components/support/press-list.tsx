import { Link } from "@remix-run/react";
import { RichText } from "~/components/rich-text";
import { useTranslation } from "~/utils/translator";
import type { CallData } from "../../../server/contract";
import { Time } from "./time";

type PressItem = CallData<"press">[number];

export function pressHref(item: { path: string }) {
  return `/user/news/${encodeURIComponent(item.path)}`;
}

/** Announcements first (they concern the member's account), then news; each opens its full text. */
export function PressList({ items }: { items: PressItem[] }) {
  const { t } = useTranslation("support");
  if (items.length === 0) return <p className="records-empty">{t("news.empty")}</p>;
  const sections = [
    { kind: "announcement", heading: t("news.announcements") },
    { kind: "news", heading: t("news.news") },
  ] as const;
  return (
    <>
      {sections.map(({ kind, heading }) => {
        const list = items.filter((item) => item.kind === kind);
        if (list.length === 0) return null;
        return (
          <section key={kind} aria-labelledby={`press-${kind}`} className="card">
            <h2 id={`press-${kind}`}>{heading}</h2>
            <ul className="press-list">
              {list.map((item) => (
                <li key={item.id} data-testid={`press-${kind}`}>
                  <PressKind kind={item.kind} />
                  <Link to={pressHref(item)} className="press-link">
                    {item.title}
                  </Link>
                  <p className="hint">
                    <Time iso={item.publishedAt} />
                  </p>
                  {item.summary ? <p className="stored-text">{item.summary}</p> : null}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

export function PressKind({ kind }: { kind: PressItem["kind"] }) {
  const { t } = useTranslation("support");
  return (
    <span className={`badge badge-${kind}`}>
      {kind === "announcement" ? t("news.kind_announcement") : t("news.kind_news")}
    </span>
  );
}

/** One item's full text. */
export function PressArticle({ item }: { item: PressItem }) {
  return (
    <article className="card press-article">
      <p>
        <PressKind kind={item.kind} />
      </p>
      <h1>{item.title}</h1>
      <p className="hint">
        <Time iso={item.publishedAt} />
      </p>
      {item.summary ? <p className="lead stored-text">{item.summary}</p> : null}
      <RichText text={item.content} testId="press-content" />
    </article>
  );
}
