import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CALLS } from "../../server/contract";
import { buildOpenApi, OPENAPI_PATH, renderOpenApi } from "../../server/cli/openapi/openapi";

describe("openapi.json", () => {
  it("is current with the contract (run `npm run contract` after changing it)", () => {
    expect(readFileSync(OPENAPI_PATH, "utf8")).toBe(renderOpenApi());
  });

  it("has one operation per call of the contract", () => {
    const paths = buildOpenApi().paths as Record<string, Record<string, { operationId: string }>>;
    const operations = Object.values(paths).flatMap((methods) => Object.values(methods).map((o) => o.operationId));
    expect(operations.sort()).toEqual(Object.keys(CALLS).sort());
  });
});
