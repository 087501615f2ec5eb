import { z } from "zod";
import { account, areaCode, mobile, MOBILE_RULE_ISSUE, password, siteIdSchema, withMobileRule } from "./schemas";
import { cleanText } from "./text";
import { SMS_CODE, SMS_CODE_LENGTH } from "#rules/fields";
import { MESSAGE_LENGTHS } from "#rules/messages";

/** Member-center calls: passwords, SMS codes, forgotten passwords, messages. */

const isoTime = z.string().datetime();
const id = z.string().min(1).max(64);

// passwords -------------------------------------------------------------------------------------

/** Changing the login password ends every session of the member (app/README.md, "Passwords"). */
export const passwordChangeBody = z.object({ oldPassword: password, newPassword: password }).strict();

/** `oldTransactionPassword` is needed when the member already has one (set vs change). */
export const transactionPasswordChangeBody = z
  .object({ oldTransactionPassword: password.optional(), newTransactionPassword: password })
  .strict();

// SMS codes -------------------------------------------------------------------------------------

export const SMS_PURPOSES = ["verify_mobile", "reset_password"] as const;
export const smsPurpose = z.enum(SMS_PURPOSES);

/** Codes are 6 digits, valid 10 minutes, single use, bound to the member and the purpose. */
export const SMS_RULES = { codeLength: SMS_CODE_LENGTH, validSeconds: 600, resendSeconds: 60, perDay: 5 } as const;

export const smsSent = z.object({
  /** when the code stops working */
  expiresAt: isoTime,
  /** the earliest time another code may be sent */
  resendAt: isoTime,
  /** codes left today */
  remainingToday: z.number().int().min(0),
});

export const smsVerifyBody = z.object({ code: z.string().trim().regex(SMS_CODE) }).strict();

// forgotten password (public) -------------------------------------------------------------------

/** Always answered alike whether or not the account and mobile match: nothing is revealed. */
export const forgotSendBody = z
  .object({ siteId: siteIdSchema, account, areaCode, mobile })
  .strict()
  .refine(withMobileRule, MOBILE_RULE_ISSUE);
export const forgotResetBody = z
  .object({ siteId: siteIdSchema, account, code: z.string().trim().regex(SMS_CODE), newPassword: password })
  .strict();

// messages --------------------------------------------------------------------------------------

export const messageBody = z
  .object({ title: cleanText(MESSAGE_LENGTHS.title, 1), content: cleanText(MESSAGE_LENGTHS.content, 1) })
  .strict();
export const replyBody = z.object({ content: cleanText(MESSAGE_LENGTHS.content, 1) }).strict();

export const messageReply = z.object({
  id,
  from: z.enum(["member", "operator"]),
  content: z.string(),
  createdAt: isoTime,
});

export const messageSummary = z.object({
  id,
  title: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
  /** the member has not read the newest operator reply */
  unread: z.boolean(),
  replyCount: z.number().int().min(0),
});

export const messageThread = messageSummary.extend({ content: z.string(), replies: z.array(messageReply) });
export type MessageThread = z.infer<typeof messageThread>;

export const operatorMessage = messageSummary.extend({
  memberId: z.string(),
  account: z.string(),
  /** the newest word is the member's: it waits for an operator */
  awaitingReply: z.boolean(),
});

export const smsLogEntry = z.object({
  to: z.string(),
  purpose: smsPurpose,
  code: z.string(),
  sentAt: isoTime,
  account: z.string(),
});
