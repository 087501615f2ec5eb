import { Link } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { useTranslation } from "~/utils/translator";

/**
 * The member center's first-time card (app/README.md, "Sign-in and sign-up"): a member with no
 * activity yet gets practice money one tap away (the /mode form, landing on the game) beside
 * Deposit, instead of only being told to deposit.
 */
export function FirstTimeOffer({ practiceAmount }: { practiceAmount: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="first-title" className="card first-time" data-testid="first-time">
      <h2 id="first-title">{t("user.first_title")}</h2>
      <p>{t("user.first_text")}</p>
      <div className="first-time-actions">
        <form method="post" action="/mode">
          <CsrfInput />
          <input type="hidden" name="redirectTo" value="/game" />
          <button type="submit" name="mode" value="practice" className="button button-primary">
            {t("user.first_practice", { amount: practiceAmount })}
          </button>
        </form>
        <Link to="/user/deposit" className="button">
          {t("user.nav_deposit")}
        </Link>
      </div>
    </section>
  );
}
