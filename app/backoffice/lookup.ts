import type { MemberLookupQuery } from "../../server/contract/oversight";

/** What support may look a member up by: the form's choice (members page). */
export const LOOKUP_BY = ["account", "mobile", "id"] as const;
export type LookupBy = (typeof LOOKUP_BY)[number];

export function lookupByOf(value: string | null): LookupBy {
  return (LOOKUP_BY as readonly string[]).includes(value ?? "") ? (value as LookupBy) : "account";
}

/** The platform's lookup query for what the form asked (the contract checks its shape). */
export function lookupQuery(by: LookupBy, text: string): MemberLookupQuery {
  return by === "mobile" ? { mobile: text } : by === "id" ? { memberId: text } : { account: text };
}

/** A member's page: the members section, the member found by id (links from other pages). */
export const memberPath = (memberId: string) => `members?by=id&q=${encodeURIComponent(memberId)}`;
