import { z } from "zod";
import { idempotencyKeyField } from "./idempotency.server";
import { parseAmount } from "#rules/units";
import { CONTROL_CHARACTERS_KEY } from "./text";
import { hasNoControlCharacters } from "#rules/text";

/**
 * Money forms (app/README.md, "Money forms and idempotency keys"), checked by the actions only;
 * messages are translation keys.
 */

type Limits = { min: number; max: number; digits: number };

/** A form amount: typed as a decimal, checked against the site's limits, delivered in minor units. */
export function amountField(limits: Limits) {
  return z
    .string({ required_error: "money:validation.amount_required" })
    .trim()
    .min(1, "money:validation.amount_required")
    .transform((text, ctx) => {
      const minor = parseAmount(text, limits.digits);
      if (minor === null || minor === 0) {
        ctx.addIssue({ code: "custom", message: "money:validation.amount_invalid" });
        return z.NEVER;
      }
      if (minor < limits.min) ctx.addIssue({ code: "custom", message: "money:validation.amount_below_min" });
      if (minor > limits.max) ctx.addIssue({ code: "custom", message: "money:validation.amount_above_max" });
      return minor;
    });
}

export function depositSchema(limits: Limits, optionIds: string[]) {
  return z.object({
    idempotencyKey: idempotencyKeyField,
    optionId: z
      .string({ required_error: "money:validation.option_required" })
      .refine((v) => optionIds.includes(v), "money:validation.option_required"),
    amount: amountField(limits),
  });
}

export function transferSchema(limits: Limits, gameCodes: string[]) {
  return z.object({
    idempotencyKey: idempotencyKeyField,
    direction: z.enum(["in", "out"], { errorMap: () => ({ message: "money:validation.direction_required" }) }),
    gameCode: z
      .string({ required_error: "money:validation.game_required" })
      .refine((v) => gameCodes.includes(v), "money:validation.game_required"),
    amount: amountField(limits),
  });
}

export function withdrawSchema(limits: Limits, transactionPasswordRequired: boolean) {
  const password = z
    .string({ required_error: "money:validation.tx_password_required" })
    .trim()
    .min(1, "money:validation.tx_password_required")
    .refine(hasNoControlCharacters, CONTROL_CHARACTERS_KEY);
  return z.object({
    idempotencyKey: idempotencyKeyField,
    amount: amountField(limits),
    transactionPassword: transactionPasswordRequired ? password : password.optional(),
  });
}
