import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { SignUpForm } from "~/components/account/sign-up-form";
import { HeroArt } from "~/components/home/hero-art";
import { formatOdds, pairName } from "~/utils/game";
import { practiceAmount } from "~/utils/first-landing.server";
import { BET_OPTIONS } from "#rules/bet-options";
import { useTranslation } from "~/utils/translator";
import { useGameName, useRootData } from "~/utils/root-data";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "home.title" } satisfies RouteHandle;
export { sharedPageHeaders as headers } from "~/utils/shared-page";

/** The odds the split hero's market panel shows, one per kind of bet. */
const HERO_ODDS = ["rise", "fall", "high", "low"] as const;

/**
 * The site's practice money, named by the hero's sign-up button, and the hero the theme chose
 * (app/README.md, "Themes"): its layout, its artwork and, beside a split one, the site's pairs
 * and odds. The same for every visitor: the page is shared (no live price, which would go stale).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { theme, pairs, odds } = context.site;
  return json({
    practiceAmount: practiceAmount(context),
    hero: { layout: theme.hero, imagery: theme.imagery },
    markets:
      theme.hero === "split"
        ? {
            pairs: pairs.map((symbol) => ({ symbol, name: pairName(symbol) })),
            odds: HERO_ODDS.flatMap((o) => {
              const value = odds[o];
              return value === undefined ? [] : [[o, `×${formatOdds(value, context.locale)}`] as const];
            }),
          }
        : null,
  });
}

export default function Home() {
  const { site, member } = useRootData();
  const { t } = useTranslation();
  const gameName = useGameName();
  const { practiceAmount, hero, markets } = useLoaderData<typeof loader>();
  return (
    <div className="home">
      {/* the header already shows the brand: the hero leads with what the site offers (its tagline),
          not the logo and the name a second and third time (app/README.md, "Brand") */}
      <section className={`hero hero-${hero.layout}`}>
        {hero.imagery === "none" ? null : <HeroArt kind={hero.imagery} />}
        <div className="hero-text">
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
              <Link to="/login" className="button">
                {t("home.cta_login")}
              </Link>
            )}
          </p>
        </div>
        {markets ? (
          <section aria-labelledby="markets-title" className="card hero-markets">
            <h2 id="markets-title">{t("home.markets_title")}</h2>
            <ul className="hero-pairs">
              {markets.pairs.map((p) => (
                <li key={p.symbol}>
                  <Link to={`/game?pair=${encodeURIComponent(p.symbol)}`}>{p.name}</Link>
                </li>
              ))}
            </ul>
            <h3 className="hint">{t("home.markets_odds")}</h3>
            <dl className="hero-odds">
              {markets.odds.map(([option, value]) => (
                <div key={option}>
                  <dt>{t(`game.option.${option}`)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
      </section>
      {member ? null : (
        // the first minute (app/README.md, "Sign-in and sign-up"): account, password, one box,
        // and the game opens with practice money; the referral code waits on /register
        <section aria-labelledby="quick-title" className="card home-quick">
          <h2 id="quick-title">{t("home.quick_title")}</h2>
          <p className="hint">{t("home.quick_note")}</p>
          <SignUpForm referralCode="" practice={practiceAmount} showReferral={false} />
        </section>
      )}
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
