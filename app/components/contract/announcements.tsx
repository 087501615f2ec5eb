import { useEffect } from "react";
import { useTranslation } from "~/utils/translator";
import { formatMoney } from "~/utils/money";
import { formatPrice } from "~/utils/game";
import type { Position } from "~/utils/contract";

const SHOW_MS = 15_000;

/**
 * Positions a trigger closed while the page was open: "Take-profit hit: closed at 3,456.78 · net
 * +US$1.23", fixed at the top of the screen wherever the member is (the game's result banners,
 * game.css), each with a close button, inside the page's polite status region (contract-page.tsx),
 * which is always there; this code is a piece the page loads once it runs.
 */
export function CloseAnnouncements({
  positions,
  precisionOf,
  currency,
  onDismiss,
}: {
  positions: Position[];
  precisionOf: (pair: string) => number;
  currency: string;
  onDismiss: (id: string) => void;
}) {
  const { t } = useTranslation("contract");
  return (
    <>
      {positions.map((p) => (
        <Announcement
          key={p.id}
          position={p}
          precision={precisionOf(p.pair)}
          currency={currency}
          onDismiss={onDismiss}
          label={t("closed_toast.dismiss")}
        />
      ))}
    </>
  );
}

function Announcement({
  position: p,
  precision,
  currency,
  onDismiss,
  label,
}: {
  position: Position;
  precision: number;
  currency: string;
  onDismiss: (id: string) => void;
  label: string;
}) {
  const { t, i18n } = useTranslation("contract");
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(p.id), SHOW_MS);
    return () => clearTimeout(timer);
  }, [p.id, onDismiss]);
  const net = p.net ?? 0;
  const text = t(`closed_toast.${p.closeReason ?? "member"}`, {
    price: formatPrice(p.closePrice, precision, i18n.language),
    net: `${net > 0 ? "+" : ""}${formatMoney(net, currency, i18n.language)}`,
  });
  return (
    <div className={`game-result ${net > 0 ? "result-won" : "result-lost"}`} data-testid="close-announcement">
      <p>{text}</p>
      <button type="button" className="game-result-close" onClick={() => onDismiss(p.id)} aria-label={label}>
        ×
      </button>
    </div>
  );
}
