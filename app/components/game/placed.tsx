import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useRootData } from "~/utils/root-data";
import { useTranslation } from "~/utils/translator";
import type { BetOption } from "#rules/bet-options";
import { formatMoney } from "~/utils/money";
import { parseAmount } from "#rules/units";

/**
 * The bet bar's "✓ Placed: High · $1.00" (app/README.md, "The game page"): what the last bet
 * placed from this page was, once it succeeded, kept while its round is Next (once it starts, the
 * Live card lists the bet). Nothing at rest, so its own module, loaded with React.lazy by
 * bet-form.tsx as the page hydrates.
 */
export default function PlacedConfirmation({
  lastResult,
  periodNo,
  digits,
  currency,
}: {
  lastResult: unknown;
  periodNo: string;
  digits: number;
  currency: string;
}) {
  const { t, i18n } = useTranslation("game");
  const placed = usePlacedConfirmation(lastResult, periodNo, digits);
  if (!placed) return null;
  return (
    <span className="bet-placed" data-testid="bet-placed">
      ✓{" "}
      {t("bet.placed", {
        option: t(`option.${placed.option}`),
        amount: formatMoney(placed.amount, currency, i18n.language),
      })}
    </span>
  );
}

/**
 * The submission that went out, once no new refusal came back (a success redirects, so no
 * answer), for the round it was posted to. A bet from a page whose mode another window switched
 * redirects too, but to the page in the other mode (app/README.md, "Practice mode"): it placed
 * nothing, so a mode that changed meanwhile shows no confirmation.
 */
function usePlacedConfirmation(lastResult: unknown, periodNo: string, digits: number) {
  const navigation = useNavigation();
  const { mode } = useRootData();
  const pending = useRef<{
    option: BetOption;
    amount: number | null;
    answer: unknown;
    mode: unknown;
  } | null>(null);
  const [placed, setPlaced] = useState<{
    option: BetOption;
    amount: number;
    periodNo: string;
  } | null>(null);
  const data = navigation.formData;
  if (navigation.state === "submitting" && data?.get("option") && !pending.current) {
    const amount = String(data.get("amount") ?? "").trim() || String(data.get("chip") ?? "");
    pending.current = {
      option: data.get("option") as BetOption,
      amount: parseAmount(amount, digits),
      answer: lastResult,
      mode: data.get("mode"),
    };
  }
  useEffect(() => {
    if (navigation.state !== "idle" || !pending.current) return;
    const sent = pending.current;
    pending.current = null;
    if (sent.answer === lastResult && sent.amount !== null && sent.mode === mode)
      setPlaced({ option: sent.option, amount: sent.amount, periodNo });
    else setPlaced(null);
  }, [navigation.state, lastResult, periodNo, mode]);
  return placed && placed.periodNo === periodNo ? placed : null;
}
