import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "~/utils/translator";
import { useRootData } from "~/utils/root-data";
import type { Scheme, UpDownChoice } from "~/utils/appearance";
import { CsrfInput } from "./csrf-input";

/** The order a member reads them in: the two schemes, then "follow the device". */
const SCHEME_ORDER: Scheme[] = ["light", "dark", "system"];
const UPDOWN_ORDER: UpDownChoice[] = ["green-up", "red-up"];

/**
 * Light, dark or the device's setting, in the footer: three submit buttons, the current one
 * pressed. One tap applies it, with or without JavaScript (a plain POST to /appearance, which
 * sets the `scheme` cookie and sends the member back here); the whole page reloads so the chart,
 * which reads the colours once, follows too.
 */
export function AppearanceForm({ redirectTo }: { redirectTo: string }) {
  const { appearance } = useRootData();
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Form method="post" action="/appearance" className="appearance-form" reloadDocument>
      <CsrfInput />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <span id={labelId}>{t("appearance.label")}</span>
      <span role="group" aria-labelledby={labelId} className="segmented">
        {SCHEME_ORDER.map((scheme) => (
          <button key={scheme} type="submit" name="scheme" value={scheme} aria-pressed={appearance.scheme === scheme}>
            {t(`appearance.${scheme}`)}
          </button>
        ))}
      </span>
    </Form>
  );
}

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
          {SCHEME_ORDER.map((scheme) => (
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
          {UPDOWN_ORDER.map((updown) => (
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
