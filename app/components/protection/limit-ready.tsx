import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";

/**
 * The prompt on any page once a raised or removed limit is ready to confirm (decision 033): the
 * change applies only when the member confirms it on /user/limits, so the next page they open
 * says so. The root shows it from the session's `limitReadyAt` (no platform call) and not on the
 * limits page itself; loaded lazily, like the reality check: nothing at rest needs its code.
 */
export default function LimitReadyPrompt() {
  const { t } = useTranslation();
  return (
    <p className="card limit-ready" role="status" data-testid="limit-ready">
      <span>{t("limit_ready.text")}</span> <Link to="/user/limits">{t("limit_ready.link")}</Link>
    </p>
  );
}
