import { useTranslation } from "~/utils/translator";
import { ModeForm } from "./practice";

/** "Switch to real money": one tap back (the money pages' panel's, the overview's in practice). */
export function SwitchToReal() {
  const { t } = useTranslation();
  return (
    <ModeForm>
      <button type="submit" name="mode" value="real" className="button">
        {t("practice.switch_to_real")}
      </button>
    </ModeForm>
  );
}

/**
 * In practice mode, in place of a deposit, transfer or withdrawal form: these move real money
 * (the platform refuses them in practice anyway, practice_mode_refused).
 */
export function RealMoneyOnly({ children }: { children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="card real-money-only" aria-labelledby="real-money-only-title" data-testid="real-money-only">
      {/* a form posted from before the switch: the platform's practice_mode_refused, shown here */}
      {children}
      <h2 id="real-money-only-title">{t("practice.money_title")}</h2>
      <p>{t("practice.money_body")}</p>
      <SwitchToReal />
    </section>
  );
}
