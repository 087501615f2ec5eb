import { z } from "zod";
import type { CallBody, PlayerInfo } from "../../server/contract";
import { loginSchema, mobileField } from "./auth-schemas.server";
import { idempotencyKeyField } from "./idempotency.server";
import { CONTROL_CHARACTERS_KEY } from "./text";
import { EMAIL_MAX_LENGTH, PASSWORD, REAL_NAME_MAX_LENGTH, SMS_CODE } from "#rules/fields";
import { hasNoControlCharacters } from "#rules/text";

/**
 * The member-center account forms (app/README.md, "Validation rules"), checked by the actions
 * only. Messages are translation keys: `validation.*` of `common`, `account:*`, or a platform
 * code's `messages:*` text where the platform's answer and the site's check are the same idea.
 * Every input is trimmed, passwords too, as at sign-up and sign-in.
 */
const required = (key: string) => z.string({ required_error: key }).trim().min(1, key);

const newPassword = (requiredKey: string, shortKey: string) =>
  required(requiredKey)
    .min(PASSWORD.minLength, shortKey)
    .max(PASSWORD.maxLength, "validation.password_too_long")
    .refine(hasNoControlCharacters, CONTROL_CHARACTERS_KEY);

/** No password is shorter than 4 characters or holds a control character, so such an "old" one is simply wrong. */
const oldPassword = (requiredKey: string, wrongKey: string) =>
  required(requiredKey)
    .min(PASSWORD.minLength, wrongKey)
    .max(PASSWORD.maxLength, wrongKey)
    .refine(hasNoControlCharacters, wrongKey);

const code = required("account:validation.code_required").regex(SMS_CODE, "account:validation.code_invalid");

// member information ----------------------------------------------------------------------------

export type EditableInfo = Pick<PlayerInfo, "realName" | "email" | "areaCode" | "mobile">;
export type InfoUpdate = CallBody<"updatePlayerInfo">;

/** Only what differs from the member's current information (the platform refuses an empty update). */
export function changedInfo(value: EditableInfo, current: EditableInfo): InfoUpdate {
  const changes: InfoUpdate = {};
  if (value.realName !== current.realName) changes.realName = value.realName;
  if (value.email !== current.email) changes.email = value.email;
  if (value.areaCode !== current.areaCode) changes.areaCode = value.areaCode;
  if (value.mobile !== current.mobile) changes.mobile = value.mobile;
  return changes;
}

/**
 * The information form for a site's area codes and the member's current values: an unchanged
 * form is refused here already ("no update to user data"), before the platform is asked.
 */
export function infoSchema(areaCodes: string[], current: EditableInfo, postedAreaCode: unknown) {
  return z
    .object({
      realName: required("validation.real_name_required")
        .max(REAL_NAME_MAX_LENGTH, "validation.real_name_too_long")
        .refine(hasNoControlCharacters, CONTROL_CHARACTERS_KEY),
      email: z
        .string()
        .trim()
        .max(EMAIL_MAX_LENGTH, "account:validation.email_invalid")
        .email("account:validation.email_invalid")
        .optional()
        .transform((v) => v ?? ""),
      areaCode: required("validation.area_code_invalid").refine(
        (v) => areaCodes.includes(v) || v === current.areaCode,
        "validation.area_code_invalid",
      ),
      mobile: mobileField(postedAreaCode),
    })
    .superRefine((v, ctx) => {
      if (Object.keys(changedInfo(v, current)).length === 0) {
        ctx.addIssue({ code: "custom", path: [], message: "messages:no_user_data_update" });
      }
    });
}

// passwords -------------------------------------------------------------------------------------

/** The login password: new ≠ old, new ≠ account, confirmation matches (app/README.md, "Validation rules"). */
export function passwordSchema(account: string) {
  return z
    .object({
      oldPassword: oldPassword("account:validation.old_password_required", "messages:old_password_wrong"),
      newPassword: newPassword("account:validation.new_password_required", "validation.password_too_short"),
      confirmPassword: required("validation.confirm_required"),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (v.newPassword === v.oldPassword) issue("newPassword", "messages:new_password_same_as_old");
      else if (v.newPassword === account) issue("newPassword", "validation.password_equals_account");
      if (v.confirmPassword !== v.newPassword) issue("confirmPassword", "validation.confirm_mismatch");
    });
}

/**
 * The transaction password, set (no old one yet) or changed, with the form's idempotency key. That it differs from the login
 * password only the platform can check: the site never knows the login password.
 */
export function transactionPasswordSchema(account: string, hasOld: boolean) {
  const old = hasOld
    ? oldPassword("account:validation.old_tx_password_required", "messages:wrong_transaction_password")
    : z.string().optional();
  return z
    .object({
      idempotencyKey: idempotencyKeyField,
      oldTransactionPassword: old,
      newTransactionPassword: newPassword("validation.tx_password_required", "validation.tx_password_too_short"),
      confirmTransactionPassword: required("validation.confirm_required"),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (hasOld && v.newTransactionPassword === v.oldTransactionPassword) {
        issue("newTransactionPassword", "messages:new_transaction_password_same_as_old");
      } else if (v.newTransactionPassword === account) {
        issue("newTransactionPassword", "validation.tx_password_equals_account");
      }
      if (v.confirmTransactionPassword !== v.newTransactionPassword)
        issue("confirmTransactionPassword", "validation.tx_confirm_mismatch");
    });
}

// SMS verification ------------------------------------------------------------------------------

export const smsCodeSchema = z.object({ code });

// forgotten password ----------------------------------------------------------------------------

const account = loginSchema.shape.account;

export function forgotSendSchema(areaCodes: string[], postedAreaCode: unknown) {
  return z.object({
    account,
    areaCode: required("validation.area_code_invalid").refine(
      (v) => areaCodes.includes(v),
      "validation.area_code_invalid",
    ),
    mobile: mobileField(postedAreaCode),
  });
}

export const forgotResetSchema = z
  .object({
    idempotencyKey: idempotencyKeyField,
    account,
    code,
    newPassword: newPassword("account:validation.new_password_required", "validation.password_too_short"),
    confirmPassword: required("validation.confirm_required"),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (v.newPassword === v.account) issue("newPassword", "validation.password_equals_account");
    if (v.confirmPassword !== v.newPassword) issue("confirmPassword", "validation.confirm_mismatch");
  });

/** Which form of a page with several was posted (a hidden `intent` field). */
export function intentOf<const T extends string>(formData: FormData, intents: readonly T[]): T | undefined {
  const value = formData.get("intent");
  return intents.find((i) => i === value);
}
