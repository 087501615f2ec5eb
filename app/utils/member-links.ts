import type { KeyOf } from "./translation-keys";

/**
 * The member center's menu: every section, in menu order, with its label (app/README.md, "Member
 * center"). It is the one list of member pages: the menu and sidebar (routes/user.tsx) list them
 * all, the overview's tiles (routes/user._index.tsx) those its shortcuts do not already offer, and
 * the checks that walk every member page (tests/helpers/member-pages.ts) start from it, so a new
 * section is added here and nowhere else. tests/unit/member-menu.test.ts holds each entry to a
 * route and a label in every language.
 */
export const MEMBER_LINKS = [
  ["/user", "user.nav_home"],
  ["/user/gamePage", "user.nav_game"],
  ["/game/contract", "user.nav_contract"],
  ["/user/deposit", "user.nav_deposit"],
  ["/user/transfer", "user.nav_transfer"],
  ["/user/withdraw", "user.nav_withdraw"],
  ["/user/bank", "user.nav_bank"],
  ["/user/record", "user.nav_record"],
  ["/user/info", "user.nav_info"],
  ["/user/setting", "user.nav_setting"],
  ["/user/limits", "user.nav_limits"],
  ["/user/smsVerify", "user.nav_sms"],
  ["/user/message", "user.nav_message"],
  ["/user/news", "user.nav_news"],
  ["/user/activity", "user.nav_activity"],
  ["/user/help", "user.nav_help"],
  ["/user/download", "user.nav_download"],
] as const satisfies readonly (readonly [`/${string}`, KeyOf<"common">])[];

/** A section's path. */
export type MemberPath = (typeof MEMBER_LINKS)[number][0];
