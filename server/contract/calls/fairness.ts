import { z } from "zod";
import { pairSymbol, periodNo } from "../game";
import { dayLabelSchema, fairnessDay, periodProof } from "../fairness";
import { call } from "./spec";

/** Verifiable rounds (fairness.ts, server/rules/fairness-walk.ts; server/contract/README.md, "Verifiable rounds"). */
export const FAIRNESS_CALLS = {
  fairnessDays: call({
    method: "GET",
    path: "/market/:pair/fairness",
    auth: "public",
    summary:
      "The pair's seed commitments, newest day first: the next day's, today's (seed hidden) and past days' with their revealed seeds",
    params: z.object({ pair: pairSymbol }),
    query: z
      .object({ limit: z.coerce.number().int().min(1).max(60).default(14), before: dayLabelSchema.optional() })
      .strict(),
    data: z.array(fairnessDay),
  }),
  periodProof: call({
    method: "GET",
    path: "/market/:pair/periods/:periodNo/proof",
    auth: "public",
    summary:
      "What verifying one ended period needs: its day's commitment and seed (once revealed), the period as recorded, the one before, stalled seconds",
    params: z.object({ pair: pairSymbol, periodNo: periodNo }),
    data: periodProof,
  }),
} as const;
