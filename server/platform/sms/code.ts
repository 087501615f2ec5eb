import { SMS_RULES, type SMS_PURPOSES } from "../../contract";
import type { LocaleId } from "#rules/locales";
import { e164Number } from "#rules/mobile";
import { sha256Hex } from "../crypto";

export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** A uniformly random code of SMS_RULES.codeLength digits from the platform's CSPRNG. */
export function newSmsCode(): string {
  const range = 10 ** SMS_RULES.codeLength;
  // Rejection sampling: values past the last whole multiple of `range` would favour low codes.
  const limit = Math.floor(0x1_0000_0000 / range) * range;
  const word = new Uint32Array(1);
  do crypto.getRandomValues(word);
  while (word[0]! >= limit);
  return String(word[0]! % range).padStart(SMS_RULES.codeLength, "0");
}

/**
 * What the member object stores and compares: a SHA-256 bound to the member and the purpose, so
 * a code is worthless for anyone else or for another purpose. Computed in the worker, so the
 * object checks a code without an await (and so without other requests interleaving).
 */
export function smsCodeHash(memberId: string, purpose: SmsPurpose, code: string): Promise<string> {
  return sha256Hex(`sms:${memberId}:${purpose}:${code}`);
}

/** The number in international (E.164) form, as an SMS gateway takes it (server/rules/mobile.ts). */
export function internationalNumber(areaCode: string, mobile: string): string {
  return e164Number(areaCode, mobile);
}

const TEXTS: Record<LocaleId, (brand: string, code: string, minutes: number) => string> = {
  en_US: (brand, code, minutes) =>
    `${brand}: your verification code is ${code}. It is valid for ${minutes} minutes. Never share it.`,
  zh_TW: (brand, code, minutes) => `${brand}：您的驗證碼為 ${code}，${minutes} 分鐘內有效，請勿提供給他人。`,
  zh_CN: (brand, code, minutes) => `${brand}：您的验证码为 ${code}，${minutes} 分钟内有效，请勿提供给他人。`,
  ja_JP: (brand, code, minutes) =>
    `${brand}：認証コードは ${code} です。${minutes} 分間有効です。他人に教えないでください。`,
};

/** The text in the site's default language (the platform does not know the member's). */
export function smsText(lang: LocaleId | "", brand: string, code: string): string {
  return TEXTS[lang === "" ? "en_US" : lang](brand, code, SMS_RULES.validSeconds / 60);
}
