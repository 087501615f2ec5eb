import { catalogs } from "../../server/site/i18n";
import { catalogT } from "../utils/translator";
import { MESSAGE_LENGTHS } from "#rules/messages";
import type { SiteFacts } from "./site.server";
import { REASONS, reasonKey, type ReasonQueue } from "./reasons";

/** The longest reason the platform keeps (operatorDecision). */
export const MAX_REASON_LENGTH = 500;
/** The longest reply (a member's message's own limit). */
export const MAX_REPLY_LENGTH = MESSAGE_LENGTHS.content;

export type Decision =
  | { ok: true; intent: "approve"; id: string }
  | { ok: true; intent: "reject"; id: string; reason: string }
  | { ok: false; error: "reason_required" | "reason_too_long" | "invalid" };

/**
 * A decision form's fields (the queues' approve and reject forms): which item, and for a refusal the
 * reason the member reads: the operator's own words if given, else the picked template in the
 * site's text language (reasons.ts). A refusal without either is refused here, and nothing is sent.
 */
export function decisionOf(form: FormData, queue: ReasonQueue, site: SiteFacts): Decision {
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  if (id === "" || id.length > 64) return { ok: false, error: "invalid" };
  if (intent === "approve") return { ok: true, intent, id };
  if (intent !== "reject") return { ok: false, error: "invalid" };
  const own = String(form.get("reason") ?? "").trim();
  if (own.length > MAX_REASON_LENGTH) return { ok: false, error: "reason_too_long" };
  if (own !== "") return { ok: true, intent, id, reason: own };
  const template = String(form.get("template") ?? "");
  if (!(REASONS[queue] as readonly string[]).includes(template)) return { ok: false, error: "reason_required" };
  return {
    ok: true,
    intent,
    id,
    reason: catalogT(catalogs[site.textLocale], "backoffice")(reasonKey(queue, template)),
  };
}
