import type { OperatorRole } from "../../../server/contract/operators";

/** The new operator's form: its fields and their text as typed (operator-form.server.ts reads them). */
export const OPERATOR_FIELDS = ["name", "email", "sites", "roles"] as const;
export type OperatorField = (typeof OPERATOR_FIELDS)[number];
export type OperatorValues = { name: string; email: string; sites: string; roles: OperatorRole[] };

export const NEW_OPERATOR_VALUES: OperatorValues = { name: "", email: "", sites: "", roles: [] };
