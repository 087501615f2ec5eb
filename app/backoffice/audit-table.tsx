import type { AuditEntry } from "../../server/contract/security";
import { formatDateTime } from "../utils/date-time";
import { useTranslation } from "../utils/translator";
import { BoTable } from "./table";

/**
 * Audit entries as a table (a member's recent ones, the oversight search): when, what, who (an
 * operator by name and id, as the entry kept them), which member, and the details as the platform
 * wrote them (names of calls and fields, the reason in the words it was given).
 */
export function AuditTable({ entries, label }: { entries: readonly AuditEntry[]; label: string }) {
  const { t, i18n } = useTranslation("backoffice");
  const time = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <BoTable
      label={label}
      columns={["audit.time", "audit.type", "audit.actor", "audit.member", "audit.details"]}
      rows={entries.map((e) => ({
        key: e.id,
        cells: [
          time(e.at),
          t(`audit_type.${e.type}`),
          e.operator ? t("audit.operator_named", { name: e.operator.name, id: e.operator.id }) : t(`actor.${e.actor}`),
          e.account === "" ? "—" : e.account,
          <span className="bo-long">
            {Object.entries(e.details)
              .map(([k, v]) => `${k}=${String(v)}`)
              .join(" ")}
          </span>,
        ],
      }))}
      empty="audit.none"
      wrap
    />
  );
}
