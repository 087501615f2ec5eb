import type { ThemeFields } from "./theme-form";
import { useTranslation } from "../../utils/translator";

/**
 * A draft theme drawn beside the back office's own look, server-rendered: a sample of the member
 * site's header, a card with a field, its buttons (the theme's button style) and the game's rise
 * and fall colours, in the light and the dark scheme, with the member site's own classes and the
 * theme's CSS scoped to each pane (theme-css.ts, scopedThemeCss: the same declarations a member
 * page gets), from the back office's own stylesheet route (brand.preview.css): no inline style.
 */
export function ThemePreview({
  buttons,
  density,
  fields,
  cssHref,
  upDown,
}: {
  /** the draft's button style and density (what the member site's CSS selects on) */
  buttons: string;
  density: string;
  fields: ThemeFields;
  /** the preview stylesheet's route; the draft goes in its query */
  cssHref: string;
  upDown: string;
}) {
  const { t, i18n } = useTranslation("backoffice");
  const query = new URLSearchParams({ ...fields, lang: i18n.language }).toString();
  return (
    <section className="bo-preview" aria-labelledby="theme-preview-title">
      <h2 id="theme-preview-title">{t("brand.theme.preview_title")}</h2>
      <link rel="stylesheet" href={`${cssHref}?${query}`} />
      <div className="bo-preview-panes">
        {(["light", "dark"] as const).map((scheme) => (
          <div
            key={scheme}
            className="bo-preview-pane"
            data-scheme={scheme}
            data-buttons={buttons}
            data-density={density}
            data-updown={upDown}
            data-testid={`theme-preview-${scheme}`}
          >
            <p className="bo-preview-label">{t(`brand.theme.scheme.${scheme}`)}</p>
            <div className="site-header bo-preview-header">
              <span className="brand-name">{t("brand.theme.sample_brand")}</span>
              <span className="button button-small button-primary bo-preview-signin">
                {t("brand.theme.sample_signin")}
              </span>
            </div>
            <div className="card bo-preview-card">
              <h3>{t("brand.theme.sample_card")}</h3>
              <p className="bo-preview-muted">{t("brand.theme.sample_muted")}</p>
              <p>
                <span className="bo-preview-link">{t("brand.theme.sample_link")}</span>
              </p>
              <div className="bo-preview-field">{t("brand.theme.sample_field")}</div>
              <div className="bo-preview-buttons">
                <span className="button button-primary">{t("brand.theme.sample_primary")}</span>
                <span className="button">{t("brand.theme.sample_secondary")}</span>
              </div>
              <div className="bo-preview-updown">
                <span className="bo-preview-up">{t("brand.theme.sample_up")}</span>
                <span className="bo-preview-down">{t("brand.theme.sample_down")}</span>
              </div>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
