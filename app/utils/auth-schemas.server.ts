import { z } from "zod";
import { CONTROL_CHARACTERS_KEY } from "./text";
import { ACCOUNT, MOBILE_NUMBER, PASSWORD, REAL_NAME_MAX_LENGTH, REFERRAL_CODE } from "#rules/fields";
import { hasNoControlCharacters } from "#rules/text";

/**
 * Sign-in and sign-up forms (app/README.md, "Validation rules"), checked by the actions only.
 * Messages are translation keys of the `common` namespace. Every input is trimmed, passwords too,
 * the same way at sign-up and sign-in.
 */
const required = (key: string) => z.string({ required_error: key }).trim().min(1, key);

// an empty account breaks every check; the first, "required", is the one a form shows
const account = required("validation.account_required")
  .min(ACCOUNT.minLength, "validation.account_too_short")
  .max(ACCOUNT.maxLength, "validation.account_too_long")
  .regex(ACCOUNT.pattern, "validation.account_invalid");

const password = (requiredKey: string, shortKey: string) =>
  required(requiredKey)
    .min(PASSWORD.minLength, shortKey)
    .max(PASSWORD.maxLength, "validation.password_too_long")
    .refine(hasNoControlCharacters, CONTROL_CHARACTERS_KEY);

export const loginSchema = z.object({
  account,
  password: password("validation.password_required", "validation.password_too_short"),
});
export type LoginForm = z.infer<typeof loginSchema>;

/** The sign-up schema for a site: the area code must be one the site offers. */
export function registerSchema(areaCodes: string[]) {
  return z
    .object({
      account,
      password: password("validation.password_required", "validation.password_too_short"),
      confirmPassword: required("validation.confirm_required"),
      transactionPassword: password("validation.tx_password_required", "validation.tx_password_too_short"),
      confirmTransactionPassword: required("validation.confirm_required"),
      realName: required("validation.real_name_required")
        .max(REAL_NAME_MAX_LENGTH, "validation.real_name_too_long")
        .refine(hasNoControlCharacters, CONTROL_CHARACTERS_KEY),
      areaCode: required("validation.area_code_invalid").refine(
        (v) => areaCodes.includes(v),
        "validation.area_code_invalid",
      ),
      mobile: required("validation.mobile_required").regex(MOBILE_NUMBER, "validation.mobile_invalid"),
      referralCode: z
        .string()
        .trim()
        .max(REFERRAL_CODE.maxLength, "validation.referral_invalid")
        .regex(REFERRAL_CODE.pattern, "validation.referral_invalid")
        .optional(),
      agreeTerms: z.literal("on", { errorMap: () => ({ message: "validation.terms_required" }) }),
      legalAge: z.literal("on", { errorMap: () => ({ message: "validation.legal_age_required" }) }),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (v.password === v.account) issue("password", "validation.password_equals_account");
      if (v.confirmPassword !== v.password) issue("confirmPassword", "validation.confirm_mismatch");
      if (v.transactionPassword === v.password) issue("transactionPassword", "validation.tx_password_equals_password");
      if (v.transactionPassword === v.account) issue("transactionPassword", "validation.tx_password_equals_account");
      if (v.confirmTransactionPassword !== v.transactionPassword)
        issue("confirmTransactionPassword", "validation.tx_confirm_mismatch");
    });
}
export type RegisterForm = z.infer<ReturnType<typeof registerSchema>>;
