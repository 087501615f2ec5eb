import type { CallData } from "../../../server/contract";
import { formatDateTime } from "../../utils/date-time";
import { useTranslation } from "../../utils/translator";
import { BoTable } from "../table";

type Entry = CallData<"operatorPairAudit">[number];

/** Who acted: the operator as the entry named them, else the feed or an older entry's actor. */
const NAMED = new Set(["operatorId", "operatorName"]);

/**
 * A pair's audit log (operatorPairAudit) as a table: when, what, who (the operator by name and id,
 * or the exchange feed that paused or resumed the pair itself), and the details as the platform
 * wrote them (the rounds voided, when a change applies, the source set).
 */
export function PairAuditTable({ entries, label }: { entries: readonly Entry[]; label: string }) {
  const { t, i18n } = useTranslation("backoffice");
  return (
    <BoTable
      label={label}
      columns={["audit.time", "audit.type", "audit.actor", "audit.details"]}
      rows={entries.map((e, i) => {
        const name = e.details.operatorName;
        const id = e.details.operatorId;
        return {
          key: `${e.at}-${i}`,
          cells: [
            formatDateTime(e.at, i18n.language),
            t(`platform.audit.${e.action}`),
            typeof name === "string"
              ? t("audit.operator_named", { name, id: String(id ?? "") })
              : e.actor === "feed"
                ? t("platform.audit.feed")
                : t("actor.operator"),
            <span className="bo-long">
              {Object.entries(e.details)
                .filter(([k, v]) => !NAMED.has(k) && v !== null)
                .map(([k, v]) => `${k}=${String(v)}`)
                .join(" ")}
            </span>,
          ],
        };
      })}
      empty="audit.none"
      wrap
    />
  );
}
