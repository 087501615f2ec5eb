import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requirePlatformOperator } from "~/backoffice/operator.server";
import { PairPending, PairSource, PairState, PairTiming } from "~/backoffice/platform/pair-view";
import { operatorPairs } from "~/backoffice/platform/pairs.server";
import { pairPath, platformPath } from "~/backoffice/platform/tabs";
import { BoTable } from "~/backoffice/table";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:platform.tab.pairs" } satisfies RouteHandle;

/** Every pair: its name, source, period and cut-off, state and the change waiting for a later day. */
export async function loader({ context }: LoaderFunctionArgs) {
  await requirePlatformOperator(context);
  return { pairs: await operatorPairs(context) };
}

export default function Pairs() {
  const { pairs } = useLoaderData<typeof loader>();
  const { t } = useTranslation("backoffice");
  return (
    <>
      <h2>{t("platform.pairs.title")}</h2>
      <p className="bo-hint">{t("platform.pairs.intro")}</p>
      <p>
        <Link to={platformPath("pairs", "new")} className="button button-primary">
          {t("platform.pairs.new")}
        </Link>
      </p>
      <BoTable
        label={t("platform.pairs.title")}
        columns={[
          "platform.pairs.col.pair",
          "platform.pairs.col.source",
          "platform.pairs.col.timing",
          "platform.pairs.col.state",
          "platform.pairs.col.pending",
        ]}
        rows={pairs.map((pair) => ({
          key: pair.symbol,
          cells: [
            <Link to={pairPath(pair.symbol)}>
              {t("platform.pairs.named", { symbol: pair.symbol, name: pair.config.name })}
            </Link>,
            <PairSource pair={pair} />,
            <PairTiming params={pair.running} />,
            <PairState pair={pair} />,
            <PairPending pair={pair} />,
          ],
        }))}
        empty="platform.pairs.none"
        wrap
      />
    </>
  );
}
