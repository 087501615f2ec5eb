import { z } from "zod";
import { CONTROL_CHARACTERS_KEY } from "./text";
import { mobileInvalidKey } from "./mobile";
import { ACCOUNT, PASSWORD, REAL_NAME_MAX_LENGTH, REFERRAL_CODE } from "#rules/fields";
import { mobileRule, nationalMobile } from "#rules/mobile";
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

/**
 * A mobile number for the area code the same form posted (server/rules/mobile.ts): refused with
 * that code's own message, and passed on in its stored form, so "090-1234-5678" and the stored
 * "09012345678" compare equal. Under a code without a rule only the area code's error shows.
 */
export function mobileField(postedAreaCode: unknown) {
  const code = typeof postedAreaCode === "string" ? postedAreaCode.trim() : "";
  const checked = mobileRule(code) !== undefined;
  return required("validation.mobile_required")
    .refine((v) => !checked || nationalMobile(code, v) !== null, mobileInvalidKey(code))
    .transform((v) => (checked ? (nationalMobile(code, v) ?? v) : v));
}

export const loginSchema = z.object({
  account,
  password: password("validation.password_required", "validation.password_too_short"),
});
export type LoginForm = z.infer<typeof loginSchema>;

/**
 * The sign-up schema: only what signing in needs (app/README.md, "Sign-in and sign-up"). The
 * password is typed once, with a show/hide toggle; one box confirms both the terms and the legal
 * age, and unticked it asks for both. `start=practice` (the home page's form) lands in practice.
 */
export const registerSchema = z
  .object({
    account,
    password: password("validation.password_required", "validation.password_too_short"),
    referralCode: z
      .string()
      .trim()
      .max(REFERRAL_CODE.maxLength, "validation.referral_invalid")
      .regex(REFERRAL_CODE.pattern, "validation.referral_invalid")
      .optional(),
    // the two rules of the spec, terms agreed and legal age confirmed, in one box and one message;
    // a field rule, not a refinement, so it shows beside the other fields' messages (an object's
    // refinements are skipped while a field, e.g. an empty account, is missing)
    agreeTerms: z.literal("on", { errorMap: () => ({ message: "validation.terms_and_age_required" }) }),
    start: z.enum(["practice"]).optional(),
    // the deposit limits offered in the form (decision 033), checked in the site's currency by
    // protection.server.ts's signupLimitsSchema: optional, as the offer is
    limitDay: z.string().optional(),
    limitWeek: z.string().optional(),
    limitMonth: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (v.password === v.account) issue("password", "validation.password_equals_account");
  });
export type RegisterForm = z.infer<typeof registerSchema>;

/**
 * What a withdrawal needs that sign-up no longer asks (app/README.md, "Validation rules"): only the
 * missing ones are fields, each with the rules sign-up had. The transaction password differs from
 * the account here; from the login password, the platform says (it alone knows it).
 */
export function withdrawDetailsSchema(
  areaCodes: string[],
  account: string,
  needs: { realName: boolean; mobile: boolean; transactionPassword: boolean },
  postedAreaCode: unknown,
) {
  // a field the member has already given is not asked again: whatever comes for it is ignored
  const given = z.unknown().transform(() => undefined);
  return z
    .object({
      realName: needs.realName
        ? required("validation.real_name_required")
            .max(REAL_NAME_MAX_LENGTH, "validation.real_name_too_long")
            .refine(hasNoControlCharacters, CONTROL_CHARACTERS_KEY)
        : given,
      areaCode: needs.mobile
        ? required("validation.area_code_invalid").refine((v) => areaCodes.includes(v), "validation.area_code_invalid")
        : given,
      mobile: needs.mobile ? mobileField(postedAreaCode) : given,
      transactionPassword: needs.transactionPassword
        ? password("validation.tx_password_required", "validation.tx_password_too_short")
        : given,
      confirmTransactionPassword: needs.transactionPassword ? required("validation.confirm_required") : given,
    })
    .superRefine((v, ctx) => {
      if (!needs.transactionPassword) return;
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (v.transactionPassword === account) issue("transactionPassword", "validation.tx_password_equals_account");
      if (v.confirmTransactionPassword !== v.transactionPassword)
        issue("confirmTransactionPassword", "validation.tx_confirm_mismatch");
    });
}
