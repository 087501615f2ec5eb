import { useRootData } from "~/utils/root-data";

/**
 * The account mode this page was rendered in (real or practice), in every form that plays: a bet,
 * an open, a close, a TP/SL change (app/README.md, "Practice mode"). The site refuses the post if
 * the session's mode is no longer this one (another window switched), so a page left open in
 * practice can never bet real money. The root loader runs with every page's (root.tsx,
 * shouldRevalidate), so its mode is the page's. Apart from csrf-input.tsx for the same reason.
 */
export function ModeInput() {
  const { mode } = useRootData();
  return <input type="hidden" name="mode" value={mode} />;
}
