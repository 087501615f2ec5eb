import { Form, Link } from "@remix-run/react";
import { Suspense } from "react";
import { lazyPiece } from "~/utils/lazy-piece";
import { NavItem } from "./nav-item";
import { useTranslation } from "~/utils/translator";
import { useGameName, useRootData } from "~/utils/root-data";
import { CsrfInput } from "./csrf-input";
import { ChromeIcon } from "./chrome-icons";
import { Brand } from "./brand";
import SiteFooter from "./site-footer";

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
// the real-money pill (its name, ▾ for the switch) is as small, and its code is the practice
// switch's: a piece too, so only the member pages that show a switch carry it
const RealPill = lazyPiece("app/components/practice.tsx", () =>
  import("./practice").then((m) => ({ default: m.RealPill })),
);

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
          <Suspense fallback={null}>
            <RealPill />
          </Suspense>
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
