import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "~/utils/translator";
import { useRootData } from "~/utils/root-data";
import { SCHEMES } from "~/utils/appearance";
import { UP_DOWN_CHOICES } from "#rules/appearance";
import { CsrfInput } from "~/components/csrf-input";

// a module of its own: only the settings page loads it (the footer's form is on every page)
/**
 * The member center's "Display" settings: light/dark/device and the up/down colours as two radio
 * groups and one save button (a plain POST to /appearance, like the footer's form).
 */
export function DisplaySettings({ redirectTo }: { redirectTo: string }) {
  const { appearance } = useRootData();
  const { t } = useTranslation("account");
  const hintId = useId();
  return (
    <section aria-labelledby="display-title" className="card">
      <h2 id="display-title">{t("setting.display_title")}</h2>
      <Form method="post" action="/appearance" reloadDocument>
        <CsrfInput />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <fieldset className="choice-group" aria-describedby={hintId}>
          <legend>{t("setting.scheme_legend")}</legend>
          {SCHEMES.map((scheme) => (
            <label key={scheme} className="choice">
              <input type="radio" name="scheme" value={scheme} defaultChecked={appearance.scheme === scheme} />
              <span>{t(`common:appearance.${scheme}`)}</span>
            </label>
          ))}
          <p id={hintId} className="hint">
            {t("setting.system_hint")}
          </p>
        </fieldset>
        <fieldset className="choice-group">
          <legend>{t("setting.updown_legend")}</legend>
          {UP_DOWN_CHOICES.map((updown) => (
            <label key={updown} className={`choice choice-${updown}`}>
              <input type="radio" name="updown" value={updown} defaultChecked={appearance.updown === updown} />
              <span>
                {/* the colours themselves beside the words: ▲ in this choice's rising colour, ▼ in its falling one */}
                <span className="updown-sample" aria-hidden="true">
                  <span className="updown-rise">▲</span>
                  <span className="updown-fall">▼</span>
                </span>{" "}
                {t(updown === "green-up" ? "setting.green_up" : "setting.red_up")}
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button-primary">
          {t("setting.display_save")}
        </button>
      </Form>
    </section>
  );
}
