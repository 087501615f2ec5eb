import { useEffect, useRef, useState } from "react";
import { Filled } from "~/components/filled";
import { useTranslation, type TFunction } from "~/utils/translator";
import { formatPrice, type Period } from "~/utils/game";

/**
 * What the Live card says of the period that just ended (app/README.md, "The game page"): a line,
 * "Period … closed at …, last digit …" or that it was void and every bet refunded (no winner to
 * name), and the card's one polite live region, which says it once a period, with "Period … is
 * live.", when the close is known (not on the first render). Its own module, loaded with React.lazy by market-panel.tsx:
 * the server renders the region, and the browser keeps that HTML until this code arrives, so the
 * region is in the page before anything is said in it; the game's first JavaScript stays within
 * its budget (tests/bench). Its props are plain values, so a tick does not change them.
 */
export default function PeriodNews({
  periodNo,
  ended,
  precision,
}: {
  periodNo: string;
  ended: Period | null;
  precision: number;
}) {
  const { t, i18n } = useTranslation("game");
  const fmt = (p: number | null) => formatPrice(p, precision, i18n.language);
  const first = useRef(ended?.periodNo ?? null);
  const [text, setText] = useState("");
  useEffect(() => {
    if (!ended || ended.periodNo === first.current) return;
    setText(`${lastResultText(t, ended, fmt)} ${t("market.round_started", { periodNo })}`);
    // said once a period, when its close is known: the stream moves Next to Live at the boundary
    // and sends the close up to a beacon round later (stream.ts), by when the Live round is named
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ended?.periodNo]);
  return (
    <>
      {ended ? (
        ended.voidReason ? (
          <p className="muted last-result last-result-void" data-testid="last-result">
            {lastResultText(t, ended, fmt)}
          </p>
        ) : (
          // the close and its last digit, which settle the options, are printed whole; on a narrow
          // screen in a long language it is the period's words that give way (an ellipsis)
          <p className="muted last-result" data-testid="last-result">
            <span className="last-result-period">{t("market.round_closed", { periodNo: ended.periodNo })}</span>{" "}
            <span className="last-result-figures" data-testid="last-result-figures">
              <Filled
                text={t("market.result_figures")}
                slots={{
                  close: <strong>{fmt(ended.closePrice)}</strong>,
                  digit: (
                    <strong className="last-result-digit" data-testid="last-result-digit">
                      {ended.lastDigit ?? "—"}
                    </strong>
                  ),
                }}
              />
            </span>
          </p>
        )
      ) : (
        // its line kept (a market's very first period): the card does not grow when one ends (CLS)
        <p className="muted last-result" aria-hidden="true">
          {"\u00a0"}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite" data-testid="market-announcement">
        {text}
      </p>
    </>
  );
}

function lastResultText(t: TFunction<"game">, ended: Period, fmt: (price: number | null) => string): string {
  if (ended.voidReason) return t("market.round_void", { periodNo: ended.periodNo });
  return t("market.round_result", {
    periodNo: ended.periodNo,
    close: fmt(ended.closePrice),
    digit: ended.lastDigit ?? "—",
  });
}
