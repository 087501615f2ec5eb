import { useTranslation } from "~/utils/translator";
import { RichText } from "~/components/rich-text";
import type { CallData } from "../../../server/contract";
import { Period } from "./time";

type Campaign = CallData<"campaign">[number];

/** The site's campaigns with their period, summary and rules. */
export function CampaignList({ items }: { items: Campaign[] }) {
  const { t } = useTranslation("support");
  if (items.length === 0) return <p className="records-empty">{t("activity.empty")}</p>;
  return (
    <>
      {items.map((c) => (
        <article key={c.id} className="card campaign" aria-labelledby={`campaign-${c.id}`} data-testid="campaign">
          <h2 id={`campaign-${c.id}`}>{c.title}</h2>
          <p className="campaign-period">
            <span className="muted">{t("activity.period")}</span> <Period startsAt={c.startsAt} endsAt={c.endsAt} />
          </p>
          {c.summary ? <p className="lead stored-text">{c.summary}</p> : null}
          {c.content ? (
            <>
              <h3>{t("activity.rules")}</h3>
              <RichText text={c.content} />
            </>
          ) : null}
        </article>
      ))}
    </>
  );
}
