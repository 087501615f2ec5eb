import { useNavigation } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";

/** Paths whose navigations stay quiet: the game routes (app/README.md, "Layout and loading overlay"). */
const QUIET = /^\/(game|user\/gamePage)(\/|$)/;

/** A dark layer at 60 % opacity while a navigation or submission is pending. */
export function LoadingOverlay() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (navigation.state === "idle") return null;
  if (QUIET.test(navigation.location.pathname)) return null;
  return (
    <div className="loading-overlay" role="progressbar" aria-label={t("loading")} aria-busy="true">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
