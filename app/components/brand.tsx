import type { RootData } from "~/utils/root-data";

/**
 * The site's brand, as the operator's theme says to use it (app/README.md, "Brand"):
 * - `wordmark`: the `logo` image alone, its alt the site's title; it spells the name, so no text
 *   beside it. Sized by height with width auto (app.css), so it is never clipped.
 * - `mark-name`: the square `favicon` mark beside the title as text (one line, ellipsis).
 * `logo2` is the wordmark made for dark backgrounds: it is rendered next to `logo` and app.css shows
 * exactly one of them by the page's scheme (`html[data-scheme]`, or the device's setting under
 * "system"), so it never sits on a light surface. Both are the same two files on every page, so
 * switching schemes costs no request. Without an image the title is shown as text.
 */
export function Brand({
  site,
}: {
  site: Pick<RootData["site"], "title" | "logo" | "logo2" | "favicon" | "logoUsage">;
}) {
  if (site.logoUsage === "wordmark" && site.logo) {
    return (
      <span className="brand-wordmark">
        <img
          src={site.logo}
          alt={site.title}
          className={site.logo2 ? "logo-light has-dark" : "logo-light"}
          width="160"
          height="40"
        />
        {site.logo2 ? <img src={site.logo2} alt={site.title} className="logo-dark" width="160" height="40" /> : null}
      </span>
    );
  }
  return (
    <>
      {site.favicon ? <img src={site.favicon} alt="" className="brand-mark" width="32" height="32" /> : null}
      <span className="brand-name">{site.title}</span>
    </>
  );
}
