import type { KeyOf } from "./translation-keys";

/**
 * The member center's sections, in menu order: the menu and sidebar (routes/user.tsx) list them
 * all, the overview's tiles (routes/user._index.tsx) those its shortcuts do not already offer.
 */
export const MEMBER_LINKS: readonly (readonly [string, KeyOf<"common">])[] = [
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
];
