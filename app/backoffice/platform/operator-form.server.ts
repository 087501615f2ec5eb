import { ALL_SITES, OPERATOR_ROLES, operatorCreateBody, type OperatorRole } from "../../../server/contract";
import type { OperatorField, OperatorValues } from "./operator-fields";
import type { FieldErrors } from "./pair-form.server";

/**
 * The new operator's form (operatorCreate) read into the contract's body and checked with its
 * schema before anything is sent: sites typed as a list (commas, spaces or the CJK comma), or `*`
 * alone for every site; roles ticked. A refusal names the field.
 */

export type OperatorDraft =
  | { ok: true; body: ReturnType<typeof operatorCreateBody.parse>; values: OperatorValues }
  | { ok: false; values: OperatorValues; errors: FieldErrors<OperatorField> };

export function operatorDraftOf(form: FormData): OperatorDraft {
  const values: OperatorValues = {
    name: String(form.get("name") ?? "").trim(),
    email: String(form.get("email") ?? "").trim(),
    sites: String(form.get("sites") ?? "").trim(),
    roles: form
      .getAll("roles")
      .map(String)
      .filter((r): r is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(r)),
  };
  const sites = values.sites
    .split(/[\s,，、]+/)
    .map((s) => s.toLowerCase())
    .filter(Boolean);
  const parsed = operatorCreateBody.safeParse({
    name: values.name,
    ...(values.email ? { email: values.email } : {}),
    sites,
    roles: values.roles,
  });
  if (parsed.success) return { ok: true, body: parsed.data, values };
  const errors: FieldErrors<OperatorField> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "") as OperatorField;
    errors[field] ??= issue.message === "all_sites_alone" ? "all_sites_alone" : field;
  }
  return { ok: false, values, errors };
}

/** Whether a list of sites is every site (the registry's `*`). */
export const everySite = (sites: readonly string[]) => sites.includes(ALL_SITES);
