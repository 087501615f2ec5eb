/**
 * Every page of the member center a signed-in member can open, for the checks that walk them all
 * (valid HTML in tests/site, touch targets in tests/e2e). A check adds the pages that need its own
 * data (a message thread, a news item) and the game's tabs.
 */
export const MEMBER_PAGES = [
  "/user",
  "/user/info",
  "/user/setting",
  "/user/smsVerify",
  "/user/deposit",
  "/user/transfer",
  "/user/withdraw",
  "/user/bank",
  "/uploaderfile",
  "/user/record",
  "/user/record?tab=transactions",
  "/user/record?tab=withdrawals",
  "/user/message",
  "/user/news",
  "/user/activity",
  "/user/help",
  "/user/help?type=rules",
  "/user/download",
  "/user/gamePage",
] as const;
