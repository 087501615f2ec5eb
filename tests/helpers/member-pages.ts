import { MEMBER_LINKS, type MemberPath } from "../../app/utils/member-links";

/**
 * The member pages the checks that walk them all visit (valid HTML and practice mode in tests/site,
 * touch targets, layout and accessibility in tests/e2e), derived from the member center's menu
 * (app/utils/member-links.ts), so a new section is checked the day it is added. A check adds the
 * pages that need its own data (a message thread, a news item) and the game's tabs.
 */

/** What a section shows besides its own page: its tabs and the pages only it links to. */
const VIEWS: Partial<Record<MemberPath, readonly string[]>> = {
  "/user/bank": ["/uploaderfile"],
  "/user/record": ["/user/record?tab=transactions", "/user/record?tab=withdrawals"],
  "/user/help": ["/user/help?type=rules"],
  // the deposit-limits offer after sign-up (decision 033), reached from the limits section's flow
  "/user/limits": ["/user/limits/offer"],
};

/** Every section of the menu and every view of each. */
export const MEMBER_PAGES: readonly string[] = MEMBER_LINKS.flatMap(([path]) => [path, ...(VIEWS[path] ?? [])]);

/** The sections in the member center's own layout: all but contract trading, a page of the game's layout. */
export const MEMBER_CENTER_SECTIONS: readonly MemberPath[] = MEMBER_LINKS.map(([path]) => path).filter(
  (path) => path !== "/game/contract",
);
