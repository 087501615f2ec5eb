/**
 * Which money a member call plays with (server/contract/README.md, "Practice account"): "real",
 * or "practice", the play money no operation ever moves into a real account.
 */
export const ACCOUNT_MODES = ["real", "practice"] as const;
export type AccountMode = (typeof ACCOUNT_MODES)[number];

/**
 * One mode never acts on the other (server/contract/README.md, "Practice account"). A bet, an
 * open, a close and a TP/SL change carry the mode their page was rendered in: a form in a hidden
 * field, the platform call in its body's `mode`. The site compares the form's with the session's
 * mode, the platform the body's with the mode header the site set from that session; either
 * refuses a mismatch (a page left open in one mode while another window switched) with
 * MODE_CHANGED and acts on nothing. Zod-free: the site's forms and the platform's router share it.
 */

export const MODE_CHANGED = "account_mode_changed" as const;

/**
 * Whether a post must be refused: the mode it carries (anything, as posted; a post without one
 * came from a page that never said) is not the mode the caller plays in now.
 */
export function modeChanged(posted: unknown, current: AccountMode): boolean {
  return posted !== current;
}
