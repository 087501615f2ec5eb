import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { COLOR_SCHEMES } from "#rules/appearance";
import { CsrfInput } from "~/components/csrf-input";
import { Filled } from "~/components/filled";
import {
  allVerdicts,
  pairKey,
  PALETTE_FIELDS,
  THEME_CHOICES,
  themeDraftOf,
  themeFields,
  type ChoiceField,
  type ThemeFields,
} from "~/backoffice/brand/theme-form";
import { ThemePreview } from "~/backoffice/brand/theme-preview";
import { brandPath } from "~/backoffice/brand/tabs";
import { backOffice, noticeAndBack, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { sectionRoles } from "~/backoffice/sections";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";
import { defaultUpDown, practiceAccent, theme as themeSchema, type Theme } from "../../server/contract";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:brand.tab.theme" } satisfies RouteHandle;

async function currentTheme(context: LoaderFunctionArgs["context"], siteId: string): Promise<Theme> {
  const info = await backOffice(context).operators.siteInfo(siteId);
  if (!info.ok) throw new Response(null, { status: info.status === 404 ? 404 : 503 });
  // a theme stored before the design parts reads with their defaults
  return themeSchema.parse(info.data.theme);
}

/** What the page shows of a theme: its fields, each drawn pair's verdict, practice mode's accents. */
function shown(theme: Theme) {
  return {
    theme,
    fields: themeFields(theme),
    verdicts: allVerdicts(theme),
    practiceMissing: COLOR_SCHEMES.filter((scheme) => practiceAccent(theme, scheme) === null),
  };
}

/** The theme (the CLI's `theme`): colours and design, each pair's contrast verdict, and a preview. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  return {
    siteId,
    draft: false,
    invalid: [] as string[],
    refused: false,
    ...shown(await currentTheme(context, siteId)),
  };
}

/**
 * "Preview" draws the draft and stores nothing; "Save" stores it (put-site's theme) only when it
 * parses and every pair reaches AA (themeProblems, the CLI's and the platform's rule), else the page
 * shows the draft with its verdicts and nothing is sent.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const current = await currentTheme(context, siteId);
  const form = await request.formData();
  const draft = themeDraftOf(form, current);
  if (!draft.ok)
    return { siteId, draft: true, invalid: draft.invalid, refused: true, ...shown(current), fields: draft.fields };
  const save = form.get("intent") === "save";
  if (!save || draft.problems.length > 0)
    return { siteId, draft: true, invalid: [], refused: save, ...shown(draft.theme) };
  const bo = backOffice(context);
  const result = await bo.operators.call("operatorPutSite", { params: { siteId }, body: { theme: draft.theme } });
  noticeAndBack(bo, result, "brand.theme.saved", brandPath(siteId, "theme"));
}

export default function ThemePage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const page = answer ?? loaded;
  const { t, i18n } = useTranslation("backoffice");
  const failing = page.verdicts.filter((v) => !v.passes).length + page.practiceMissing.length;
  // with JavaScript the preview follows the fields as they change (its stylesheet is asked again);
  // without it, the Preview button draws the draft. The verdicts are the server's, on Preview.
  const [live, setLive] = useState<ThemeFields | null>(null);
  useEffect(() => setLive(null), [page]);
  const follow = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const next = { ...page.fields };
    for (const name of Object.keys(next)) {
      const value = form.get(name);
      if (typeof value === "string") next[name] = value.trim();
    }
    setLive(next);
  };
  const fields = live ?? page.fields;
  const chosenUpDown = fields.upDown ?? page.theme.upDown;
  const upDown = chosenUpDown === "locale" ? defaultUpDown(page.theme, i18n.language) : chosenUpDown;
  return (
    <div className="bo-theme">
      {page.refused ? (
        <p role="alert" className="bo-notice bo-notice-error">
          {t(page.invalid.length > 0 ? "brand.theme.invalid" : "brand.theme.refused")}
        </p>
      ) : page.draft ? (
        <p role="status" className="bo-notice">
          {t("brand.theme.draft")}
        </p>
      ) : null}
      <Form method="post" className="bo-form bo-theme-form" noValidate onChange={follow}>
        <CsrfInput />
        {COLOR_SCHEMES.map((scheme) => (
          <fieldset key={scheme} className="bo-fieldset">
            <legend>{t(`brand.theme.scheme.${scheme}`)}</legend>
            {PALETTE_FIELDS.map((field) => {
              const name = `${scheme}.${field}`;
              const bad = page.invalid.includes(name);
              return (
                <div key={name} className="bo-field">
                  <label htmlFor={`theme-${name}`}>{t(`brand.theme.color.${field}`)}</label>
                  <input
                    type="text"
                    id={`theme-${name}`}
                    name={name}
                    defaultValue={page.fields[name]}
                    autoComplete="off"
                    spellCheck={false}
                    aria-describedby={`theme-color-hint${bad ? ` theme-${name}-error` : ""}`}
                    aria-invalid={bad ? true : undefined}
                  />
                  {bad ? (
                    <p id={`theme-${name}-error`} className="bo-field-error">
                      {t("brand.theme.color_invalid")}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        ))}
        <p id="theme-color-hint" className="bo-hint">
          {t("brand.theme.color_hint")}
        </p>
        <fieldset className="bo-fieldset">
          <legend>{t("brand.theme.design")}</legend>
          {(Object.keys(THEME_CHOICES) as ChoiceField[]).map((name) => (
            <div key={name} className="bo-field">
              <label htmlFor={`theme-${name}`}>{t(`brand.theme.part.${name}`)}</label>
              <select id={`theme-${name}`} name={name} defaultValue={page.fields[name]}>
                {THEME_CHOICES[name].map((choice) => (
                  <option key={choice} value={choice}>
                    {t(`brand.theme.choice.${name}.${choice}` as "brand.theme.choice.font.system")}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </fieldset>
        <div className="bo-actions">
          <button type="submit" name="intent" value="preview" className="button">
            {t("brand.theme.preview")}
          </button>
          <button type="submit" name="intent" value="save" className="button button-primary">
            {t("brand.theme.save")}
          </button>
        </div>
      </Form>
      <ThemePreview
        buttons={fields.buttons ?? page.theme.buttons}
        density={fields.density ?? page.theme.density}
        fields={fields}
        cssHref={brandPath(page.siteId, "theme").replace(/theme$/, "preview.css")}
        upDown={upDown}
      />
      <section aria-labelledby="theme-contrast-title" className="bo-contrast">
        <h2 id="theme-contrast-title">{t("brand.theme.contrast_title")}</h2>
        <p>{failing === 0 ? t("brand.theme.contrast_ok") : t("brand.theme.contrast_failing", { count: failing })}</p>
        {page.practiceMissing.map((scheme) => (
          <p key={scheme} className="bo-field-error">
            {t("brand.theme.practice_missing", { scheme: t(`brand.theme.scheme.${scheme}`) })}
          </p>
        ))}
        {COLOR_SCHEMES.map((scheme) => (
          <table key={scheme} className="bo-table bo-contrast-table" data-testid={`contrast-${scheme}`}>
            <caption>{t(`brand.theme.scheme.${scheme}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t("brand.theme.pair")}</th>
                <th scope="col">{t("brand.theme.ratio")}</th>
                <th scope="col">{t("brand.theme.verdict")}</th>
              </tr>
            </thead>
            <tbody>
              {page.verdicts
                .filter((v) => v.scheme === scheme)
                .map((v) => (
                  <tr key={`${v.name}-${v.ground}`} className={v.passes ? undefined : "bo-contrast-fail"}>
                    <th scope="row">
                      {t("brand.theme.pair_on", {
                        name: t(`brand.theme.drawn.${pairKey(v.name)}` as "brand.theme.drawn.text"),
                        ground: t(`brand.theme.drawn.${pairKey(v.ground)}` as "brand.theme.drawn.text"),
                      })}
                    </th>
                    <td>
                      <Filled text={t("brand.theme.ratio_of")} slots={{ ratio: v.ratio, needed: v.needed }} />
                    </td>
                    <td>{t(v.passes ? "brand.theme.passes" : "brand.theme.fails")}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        ))}
      </section>
    </div>
  );
}
