import { Form, Link, useLocation } from "@remix-run/react";
import { Suspense } from "react";
import { lazyPiece } from "~/utils/lazy-piece";
import { NavItem } from "./nav-item";
import { useTranslation } from "~/utils/translator";
import { useGameName, useRootData, type RootData } from "~/utils/root-data";
import { CsrfInput } from "./csrf-input";
import { UTC } from "~/utils/date-time";
import { useTimeZone } from "~/utils/time-zone";
import { LanguageForm } from "./language-form";
import { SCHEMES } from "~/utils/appearance";
import { RealPill } from "./practice";
import { ChromeIcon } from "./chrome-icons";

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

/** What every header starts with: the skip link, then the brand as the way home. */
function SkipAndHome() {
  const { site } = useRootData();
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t("nav.skip")}
      </a>
      <Link to="/" className="brand">
        <Brand site={site} />
      </Link>
    </>
  );
}

// the practice account's pill (its balance, the reset): only a member in practice mode sees it, so
// no route's initial JavaScript carries it; the server renders it whole all the same, and as a piece
// the page preloads its code and hydrates it with the rest (utils/lazy-piece.tsx: no React #421)
const PracticePill = lazyPiece("app/components/practice-banner.tsx", () => import("./practice-banner"));

/**
 * One row at every width (app/README.md, "Header"): the brand, the member's money pill (practice
 * or real, ▾ for the switch), then the links. On a phone the game, the member center and Sign out
 * are 44 px icons whose names screen readers still read, so nothing is clipped or scrolled out of
 * sight in any language and Sign out is one tap. `compact`: the game's row, 48 px at most.
 */
export function SiteHeader({ compact = false }: { compact?: boolean }) {
  const { member, practice } = useRootData();
  const { t } = useTranslation();
  const gameName = useGameName();
  return (
    <header className={compact ? "site-header site-header-compact" : "site-header"}>
      <SkipAndHome />
      {member ? (
        practice ? (
          <Suspense fallback={null}>
            <PracticePill practice={practice} />
          </Suspense>
        ) : (
          <RealPill />
        )
      ) : null}
      <nav aria-label={t("nav.label")} className="site-nav">
        {/* the logo is the way home on the game and on a phone (app.css hides nav-home there) */}
        {compact ? null : (
          <NavItem to="/" end className="nav-home">
            {t("nav.home")}
          </NavItem>
        )}
        {member ? (
          <>
            <NavItem to="/game" className="nav-icon">
              <ChromeIcon name="game" />
              <span className="nav-label">{gameName}</span>
            </NavItem>
            <NavItem to="/user" className="nav-icon">
              <ChromeIcon name="member" />
              <span className="nav-label">{t("nav.member_center")}</span>
            </NavItem>
            <SignOutForm />
          </>
        ) : (
          <>
            <NavItem to="/login">{t("nav.login")}</NavItem>
            <NavItem to="/register" className="button button-small">
              {t("nav.register")}
            </NavItem>
          </>
        )}
      </nav>
    </header>
  );
}

function SignOutForm() {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/logout" className="inline-form">
      <CsrfInput />
      <button type="submit" className="link-button nav-icon" title={t("nav.logout")}>
        <ChromeIcon name="signout" />
        <span className="nav-label">{t("nav.logout")}</span>
      </button>
    </Form>
  );
}

export function SiteFooter() {
  const { site, appearance, csrf } = useRootData();
  const { t } = useTranslation();
  const zone = useTimeZone();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <footer className="site-footer">
      {/* the brand again, small, as the header shows it: logo2 only when the page is dark */}
      <p className="footer-brand">
        <Brand site={site} />
      </p>
      <nav aria-label={t("nav.footer_label")} className="footer-nav">
        <Link to="/terms">{t("nav.terms")}</Link>
        {site.hasLicence ? <Link to="/terms#licence">{t("nav.licence")}</Link> : null}
        <Link to="/contact">{t("nav.contact")}</Link>
        {/* every round's seed and its verification (app/README.md, "Verifiable rounds"), public */}
        <Link to="/fairness">{t("nav.fairness")}</Link>
        {site.socialOptions.map((s) => (
          <a key={s.url} href={s.url} rel="noopener noreferrer">
            {s.name}
          </a>
        ))}
      </nav>
      <LanguageForm redirectTo={here} />
      {/*
       * Light, dark or the device's setting (app/README.md, "Themes"): three submit buttons, the
       * current one pressed; one tap applies it, with or without JavaScript. A plain document POST
       * to /appearance (no Remix <Form>: the page reloads anyway, so the chart, which reads the
       * colours once, follows too), which sets the `scheme` cookie and sends the member back here.
       * Written inline, with a fixed id (one footer per page): every byte of the footer is on
       * every page's first load (the game's routes are at the 90 KB budget).
       */}
      <form method="post" action="/appearance" className="appearance-form">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="redirectTo" value={here} />
        <span id="appearance-label">{t("appearance.label")}</span>
        <span role="group" aria-labelledby="appearance-label" className="segmented">
          {SCHEMES.map((scheme) => (
            <button key={scheme} type="submit" name="scheme" value={scheme} aria-pressed={appearance.scheme === scheme}>
              {t(`appearance.${scheme}`)}
            </button>
          ))}
        </span>
      </form>
      {site.copyRight ? <p className="copyright">{site.copyRight}</p> : null}
      <p className="age-notice">{t("footer.age_notice")}</p>
      {/* times carry no zone name (utils/date-time.ts, CLOCK): a page in UTC says so here, once */}
      {zone === UTC ? <p className="hint">{t("time.zone_utc")}</p> : null}
    </footer>
  );
}

/**
 * Sign-in, sign-up and forgotten password: no site navigation (nothing to do there but the form),
 * but the brand linking home on the surface, the site's accent as a band behind the card (with the
 * tagline on a wide screen), and the footer's links and language form, as a brand's own sign-in page
 * looks (app/README.md, "Brand").
 */
export function AuthFrame({ children }: { children: React.ReactNode }) {
  const { site } = useRootData();
  return (
    <div className="layout layout-auth">
      <header className="auth-bar">
        <SkipAndHome />
      </header>
      <div className="auth-band">{site.description ? <p className="auth-tagline">{site.description}</p> : null}</div>
      <main id="main" className="auth-main">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
