import type { BeaconChain } from "../../../server/contract/beacon";
import { useTranslation } from "~/utils/translator";
import { HexValue } from "./parts";

/**
 * The beacon every tick mixes in (decision 031), as the fairness pages state it: which chain, its
 * public key, and, for the local stand-in, that it is not drand and proves nothing against the
 * operator. Text only: the signature check itself loads with the verifier, on demand.
 */
export function BeaconNotice({ chain }: { chain: BeaconChain }) {
  const { t } = useTranslation("fairness");
  return (
    <div
      className={chain.kind === "local" ? "beacon-notice beacon-local" : "beacon-notice"}
      data-testid="beacon-notice"
    >
      <p>{chain.kind === "local" ? <strong>{t("beacon.local")}</strong> : t("beacon.drand", { hash: chain.hash })}</p>
      <HexValue label={t("beacon.key")} value={chain.publicKey} testId="beacon-key" />
    </div>
  );
}

/** The index page's section: what the beacon adds, what happens in an outage, and what it still does not cover. */
export function BeaconSection({ chain }: { chain: BeaconChain | null }) {
  const { t } = useTranslation("fairness");
  return (
    <section className="card" aria-labelledby="beacon-heading" data-testid="fairness-beacon">
      <h2 id="beacon-heading">{t("beacon.heading")}</h2>
      {chain ? <BeaconNotice chain={chain} /> : null}
      <p>{t("beacon.body")}</p>
      <p>{t("beacon.check")}</p>
      <p>{t("beacon.outage")}</p>
      <p>{t("beacon.still")}</p>
    </section>
  );
}
