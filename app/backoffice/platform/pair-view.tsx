import type { OperatorPair } from "../../../server/contract/game";
import { formatDateTime } from "../../utils/date-time";
import { useTranslation } from "../../utils/translator";

/** How a pair reads in the list and on its page: its source, its state and the change that waits. */

export function PairSource({ pair }: { pair: OperatorPair }) {
  const { t } = useTranslation("backoffice");
  return pair.source.kind === "exchange"
    ? t("platform.pair.source_exchange", { symbol: pair.source.symbol ?? "" })
    : t("platform.pair.source_synthetic");
}

export function PairState({ pair }: { pair: OperatorPair }) {
  const { t } = useTranslation("backoffice");
  if (!pair.config.paused) return t("platform.pair.state_running");
  return pair.pausedByFeed ? t("platform.pair.state_paused_by_feed") : t("platform.pair.state_paused");
}

/** "60 s, cut-off 10 s" for a set of parameters. */
export function PairTiming({ params }: { params: { periodSeconds: number; cutoffSeconds: number } }) {
  const { t } = useTranslation("backoffice");
  return t("platform.pair.timing", { period: params.periodSeconds, cutoff: params.cutoffSeconds });
}

export function PairPending({ pair }: { pair: OperatorPair }) {
  const { t, i18n } = useTranslation("backoffice");
  if (!pair.pending) return t("platform.pair.pending_none");
  const p = pair.pending;
  return t("platform.pair.pending", {
    from: formatDateTime(p.from, i18n.language),
    period: p.periodSeconds,
    cutoff: p.cutoffSeconds,
    precision: p.precision,
    volatility: p.volatilityBp,
  });
}
