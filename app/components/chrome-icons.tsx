/**
 * The header's three glyphs (app/README.md, "Header"): on a phone the game, the member center and
 * Sign out are icons with their names kept for screen readers, so one row fits 360 px in every
 * language; from 1026 px the names show and the glyphs do not. Inline paths: a few hundred bytes,
 * on every page's first load, with no request of their own.
 */
const PATHS = {
  /** a rising price line: the game */
  game: "M3 17l6-6 4 4 8-8M15 7h6v6",
  /** a head and shoulders: the member's own pages */
  member: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 3.6-6 8-6s8 2 8 6",
  /** a door left by an arrow: signing out */
  signout: "M10 4H5v16h5M14 8l4 4-4 4M18 12H9",
} as const;

export function ChromeIcon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg className="nav-icon-glyph" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
