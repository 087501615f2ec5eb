import { mobileRule, type MobileRegion } from "#rules/mobile";
import type { KeyOf } from "./translation-keys";

/**
 * The words of each area code's mobile rule (server/rules/mobile.ts): the field's hint, and what a
 * refused number is told. +886 keeps the product's own message (`validation.mobile_invalid`).
 */
const HINTS: Record<MobileRegion, KeyOf<"common">> = {
  tw: "fields.mobile_hint_tw",
  jp: "fields.mobile_hint_jp",
  cn: "fields.mobile_hint_cn",
  hk: "fields.mobile_hint_hk",
  mo: "fields.mobile_hint_mo",
  sg: "fields.mobile_hint_sg",
  my: "fields.mobile_hint_my",
  nanp: "fields.mobile_hint_nanp",
};

const INVALID: Record<MobileRegion, KeyOf<"common">> = {
  tw: "validation.mobile_invalid",
  jp: "validation.mobile_invalid_jp",
  cn: "validation.mobile_invalid_cn",
  hk: "validation.mobile_invalid_hk",
  mo: "validation.mobile_invalid_mo",
  sg: "validation.mobile_invalid_sg",
  my: "validation.mobile_invalid_my",
  nanp: "validation.mobile_invalid_nanp",
};

/** The hint under the mobile field for an area code; none for a code without a rule. */
export function mobileHintKey(areaCode: string): KeyOf<"common"> | undefined {
  const rule = mobileRule(areaCode);
  return rule && HINTS[rule.region];
}

/** What a number refused for an area code is told. */
export function mobileInvalidKey(areaCode: string): KeyOf<"common"> {
  const rule = mobileRule(areaCode);
  return rule ? INVALID[rule.region] : "validation.mobile_invalid";
}
