import { describe, expect, it } from "vitest";
import { CALLS, OPERATOR_ROLES, type CallName, type CallSpec } from "../../server/contract";

/**
 * Each operator call names the roles that may make it (server/platform/README.md, "Operators"),
 * in one table: the calls themselves. The router refuses an operator call that names none.
 */
const calls = Object.entries(CALLS) as [CallName, CallSpec][];

describe("operator roles", () => {
  it("names at least one known role on every operator call, and none on any other call", () => {
    for (const [name, spec] of calls) {
      if (spec.auth === "operator") {
        expect(spec.roles?.length ?? 0, name).toBeGreaterThan(0);
        for (const role of spec.roles ?? []) expect(OPERATOR_ROLES, name).toContain(role);
      } else {
        expect(spec.roles, name).toBeUndefined();
      }
    }
  });

  it("lets support or finance read a member's documents, and keeps money decisions to finance", () => {
    expect([...CALLS.operatorFile.roles].sort()).toEqual(["finance", "support"]);
    for (const name of [
      "operatorApproveWithdrawal",
      "operatorRejectWithdrawal",
      "operatorConfirmDeposit",
      "operatorApproveBank",
    ] as const) {
      expect(CALLS[name].roles, name).toEqual(["finance"]);
    }
    for (const name of [
      "operatorCreate",
      "operatorRevoke",
      "operatorRotateKey",
      "operatorList",
      "operatorPutSite",
      "operatorPutPair",
    ] as const) {
      expect(CALLS[name].roles, name).toEqual(["admin"]);
    }
  });
});
