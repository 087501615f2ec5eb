import { z } from "zod";

/** Money is an integer number of minor units (cents), never a float. */
export const minorUnits = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
