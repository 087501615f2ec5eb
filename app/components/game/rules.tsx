import { useTranslation } from "~/utils/translator";
import { RichText } from "~/components/rich-text";
import type { CallData } from "../../../server/contract";
import { BET_OPTIONS } from "#rules/bet-options";
import { dynamicKey } from "~/utils/translation-keys";

type Instruction = CallData<"instruction">[number];

/**
 * The site's own "rules" instructions in the member's language, then the game's rules
 * (server/platform/README.md, "Game rules"): periods, betting on the next one before it starts,
 * the last digit, what each option wins on, refunds and void periods, then the limits.
 */
export default function Rules({ items, error }: { items: Instruction[]; error: string | null }) {
  const { t } = useTranslation("game");
  return (
    <div className="game-rules">
      {error ? (
        <p role="alert" className="error-list">
          {t(dynamicKey(error))}
        </p>
      ) : null}
      {items.map((item, index) => (
        <section key={item.id} aria-labelledby={`rules-site-${index}`}>
          <h2 id={`rules-site-${index}`}>{item.title}</h2>
          <RichText text={item.content} />
        </section>
      ))}
      <section aria-labelledby="rules-game">
        <h2 id="rules-game">{t("rules.title")}</h2>
        <p>{t("rules.period")}</p>
        <p>{t("rules.betting")}</p>
        <p>{t("rules.last_digit")}</p>
        <dl className="option-list">
          {BET_OPTIONS.map((o) => (
            <div key={o}>
              <dt>{t(`option.${o}`)}</dt>
              <dd>{t(`rules.option.${o}`)}</dd>
            </div>
          ))}
        </dl>
        <p>{t("rules.refunds")}</p>
        <p>{t("rules.void")}</p>
        <p className="link-line">
          <a href="/fairness">{t("quotes.fairness_link")}</a>
        </p>
        <p className="link-line">
          <a href="/user/help?type=rules#returns">{t("returns.link")}</a>
        </p>
        <p>{t("rules.opposites")}</p>
        <p>{t("rules.limits")}</p>
        <p>{t("rules.settlement")}</p>
      </section>
    </div>
  );
}
