import { z } from "zod";
import { siteIdSchema } from "../schemas";
import { ICON_SIZES } from "../icons";
import type { OperatorRole } from "../operators";

/**
 * Who may make a call:
 * - "public": no token;
 * - "member": `Authorization: Bearer <token>` of a member of the `X-Site-Id` site;
 * - "operator": `Authorization: Bearer <operator key>` of an operator who runs the site the call
 *   names (a call naming no site: every site, `*`) and holds one of the call's `roles`.
 */
export type Auth = "public" | "member" | "operator";

export interface CallSpec {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** path template; `:name` segments are path parameters */
  path: string;
  auth: Auth;
  /**
   * An operator call's roles: the operator needs one of them (server/platform/README.md,
   * "Operators"). The router refuses an operator call that lists none.
   */
  roles?: readonly OperatorRole[];
  /**
   * An operator call about the caller alone (who am I): it names no site, yet an operator of any
   * site may make it, where every other call naming no site needs every site (`*`).
   */
  aboutCaller?: true;
  summary: string;
  params?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  /** the body is multipart/form-data: `body` checks its text fields, the handler its `file` */
  multipart?: true;
  /** the request must carry an Idempotency-Key header (server/contract/README.md, "Calls") */
  idempotent?: true;
  /** a success answers the raw bytes of a file instead of an envelope (failures are envelopes) */
  raw?: true;
  data: z.ZodTypeAny;
}

// Pieces more than one domain's calls use.
export const none = z.null();
/** A home-screen icon's size in pixels, as its path names it (icons.ts) */
export const iconSize = z.enum(ICON_SIZES);
export const siteParams = z.object({ siteId: siteIdSchema });
/** The type of an instruction ("help", "rules", …), as the help page asks for it. */
export const instructionType = z.string().regex(/^[a-z0-9-]{1,40}$/);

// Who may make each operator call: one table, written into each call of operator-sites.ts and
// operator-platform.ts.
export const SUPPORT = ["support"] as const satisfies readonly OperatorRole[];
export const FINANCE = ["finance"] as const satisfies readonly OperatorRole[];
export const ADMIN = ["admin"] as const satisfies readonly OperatorRole[];
/** A member's documents (ID, passbook) are read to answer them or to review their bank account. */
export const DOCUMENTS = ["support", "finance"] as const satisfies readonly OperatorRole[];
/** Any operator at all: a call about the caller themself (`aboutCaller`). */
export const ANY_ROLE = ["support", "finance", "admin"] as const satisfies readonly OperatorRole[];
/**
 * The oversight of a site (the back office's oversight section, decision 036): the house's
 * exposure, the day's totals and the audit log, for finance and admin.
 */
export const OVERSIGHT = ["finance", "admin"] as const satisfies readonly OperatorRole[];
/** A site's daily files: finance reconciles the money, admin reads the audit log too. */
export const EXPORTS = ["finance", "admin"] as const satisfies readonly OperatorRole[];

/** A call as written: its literal types kept, so each call's parts can be typed from it (index.ts). */
export function call<const S extends CallSpec>(spec: S): S {
  return spec;
}
