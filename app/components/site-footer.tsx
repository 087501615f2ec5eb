import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { useRootData } from "~/utils/root-data";
import { UTC } from "~/utils/date-time";
import { useTimeZone } from "~/utils/time-zone";
import { SCHEMES } from "~/utils/appearance";
import { Brand } from "./brand";
import { LanguageForm } from "./language-form";

/**
 * Every page's footer (app/README.md, "Footer"): the brand again, the legal and help links, the
 * language and scheme forms, the operator's copyright, the age notice, and "times in UTC" when the
 * page is.
 */
export default function SiteFooter() {
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
      {site.localBeacon ? <p className="hint">{t("footer.local_beacon")}</p> : null}
      {/* times carry no zone name (utils/date-time.ts, CLOCK): a page in UTC says so here, once */}
      {zone === UTC ? <p className="hint">{t("time.zone_utc")}</p> : null}
    </footer>
  );
}
