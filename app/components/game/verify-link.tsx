import { useTranslation } from "~/utils/translator";

/**
 * The way from an ended period to its verification page (app/README.md, "Verifiable rounds"): a
 * plain link, named with its period for screen readers (a column of "Verify" alone says nothing).
 */
export function VerifyLink({ pair, periodNo }: { pair: string; periodNo: string }) {
  const { t } = useTranslation("game");
  return (
    <a
      className="verify-link"
      href={`/fairness/${pair}/${periodNo}`}
      aria-label={t("quotes.verify_round", { periodNo })}
      data-testid="verify-link"
    >
      {t("quotes.verify")}
    </a>
  );
}
