import { Link } from "@remix-run/react";
import { BET_OPTIONS } from "#rules/bet-options";
import { useTranslation } from "~/utils/translator";
import { useGameName, useRootData } from "~/utils/root-data";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "home.title" } satisfies RouteHandle;
export { sharedPageHeaders as headers } from "~/utils/shared-page";

export default function Home() {
  const { site, member } = useRootData();
  const { t } = useTranslation();
  const gameName = useGameName();
  return (
    <div className="home">
      {/* the header already shows the brand: the hero leads with what the site offers (its tagline),
          not the logo and the name a second and third time (app/README.md, "Brand") */}
      <section className="hero">
        <h1>{site.description || site.title}</h1>
        <p className="cta">
          {member ? (
            <>
              {/* the game by the site's own name (gameName), the member's first reason to come back */}
              <Link to="/game" className="button button-primary">
                {gameName}
              </Link>
              <Link to="/user" className="button">
                {t("home.cta_member")}
              </Link>
            </>
          ) : (
            <>
              <Link to="/register" className="button button-primary">
                {t("home.cta_register")}
              </Link>
              <Link to="/login" className="button">
                {t("home.cta_login")}
              </Link>
            </>
          )}
        </p>
      </section>
      <section aria-labelledby="how-title" className="card">
        <h2 id="how-title">{t("home.how_title")}</h2>
        <ol className="steps">
          <li>{t("home.step_register")}</li>
          <li>{t("home.step_deposit")}</li>
          <li>{t("home.step_play")}</li>
        </ol>
      </section>
      <section aria-labelledby="options-title" className="card">
        <h2 id="options-title">{t("home.options_title")}</h2>
        <dl className="option-list">
          {BET_OPTIONS.map((o) => (
            <div key={o}>
              <dt>{t(`game.option.${o}`)}</dt>
              <dd>{t(`home.option_rule.${o}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="notice">{t("home.risk_notice")}</p>
    </div>
  );
}
