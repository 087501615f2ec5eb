import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  BANK_FIELDS,
  CRYPTO_FIELDS,
  OPTION_TEXT_MAX,
  optionKindOf,
  optionTexts,
  type OptionError,
  type OptionValues,
} from "~/backoffice/brand/deposit-option-fields";
import {
  checkedPatch,
  newOptionValues,
  optionDraftOf,
  optionValues,
  optionsVersion,
  savePatch,
  textLocaleOf,
} from "~/backoffice/brand/deposit-options.server";
import { brandPath } from "~/backoffice/brand/tabs";
import { requireSiteInfo } from "~/backoffice/site.server";
import { backOffice, noticeAndBack, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { sectionRoles } from "~/backoffice/sections";
import { CsrfInput } from "~/components/csrf-input";
import { LOCALE_NAMES, LOCALES } from "~/i18n";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:brand.options.title" } satisfies RouteHandle;

const site = (context: LoaderFunctionArgs["context"], siteId: string) => requireSiteInfo(backOffice(context), siteId);

/**
 * One deposit option as a form (brand › deposits): `?id=<id>` edits that option, `?kind=bank|crypto|demo`
 * adds one. Its texts in the four languages side by side, the account or the asset below; saved with
 * put-site (`depositOptions` and the options' texts in `translations`), the other options unchanged.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const info = await site(context, siteId);
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  const editing = id === null ? null : info.depositOptions.find((o) => o.id === id);
  if (editing === undefined) throw new Response(null, { status: 404 });
  const kind = optionKindOf(url.searchParams.get("kind"));
  if (!editing && !kind) throw redirect(brandPath(siteId, "deposits"));
  return {
    siteId,
    currency: info.currency,
    textLocale: textLocaleOf(info),
    version: optionsVersion(info),
    values: editing ? optionValues(info, editing) : newOptionValues(kind!),
    errors: [] as OptionError[],
    changed: false,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const bo = backOffice(context);
  const info = await site(context, siteId);
  const form = await request.formData();
  const original = String(form.get("original") ?? "");
  const editing = original === "" ? null : info.depositOptions.find((o) => o.id === original);
  const draft = optionDraftOf(form, info, editing ?? null);
  const page = { siteId, currency: info.currency, textLocale: textLocaleOf(info), version: optionsVersion(info) };
  // edited meanwhile (or removed): the form would undo that, so it is shown again, with the fields as written
  const changed = String(form.get("version") ?? "") !== page.version || editing === undefined;
  if (changed || !draft.ok) return { ...page, values: draft.values, errors: draft.ok ? [] : draft.errors, changed };
  const patch = checkedPatch(savePatch(info, draft.option, draft.others));
  if (!patch) return { ...page, values: draft.values, errors: ["id"] as OptionError[], changed: false };
  const result = await bo.operators.call("operatorPutSite", { params: { siteId }, body: patch });
  noticeAndBack(bo, result, editing ? "brand.options.saved" : "brand.options.added", brandPath(siteId, "deposits"));
}

export default function DepositOptionPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const page = answer ?? loaded;
  const { values, errors, textLocale, currency } = page;
  const { t } = useTranslation("backoffice");
  const has = (field: OptionError) => errors.includes(field);
  const back = brandPath(page.siteId, "deposits");
  return (
    <section aria-labelledby="option-title">
      <h2 id="option-title">
        {values.isNew ? t(`brand.options.add.${values.kind}`) : t("brand.options.edit_title", { id: values.id })}
      </h2>
      <p className="bo-hint">{t(`brand.options.about.${values.kind}`)}</p>
      {page.changed ? (
        <p role="alert" className="bo-notice bo-notice-error" data-testid="option-changed">
          {t("brand.options.changed")}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <div role="alert" className="bo-notice bo-notice-error" data-testid="option-errors">
          <p>{t("brand.options.not_sent")}</p>
          <ul>
            {errors.map((e) => (
              <li key={e}>
                <ErrorText error={e} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" className="bo-form bo-brand-form" noValidate>
        <CsrfInput />
        <input type="hidden" name="version" value={page.version} />
        <input type="hidden" name="kind" value={values.kind} />
        <input type="hidden" name="original" value={values.isNew ? "" : values.id} />
        <fieldset className="bo-fieldset">
          <legend>{t("brand.options.group.option")}</legend>
          <div className="bo-field">
            <label htmlFor="option-id">{t("brand.options.field.id")}</label>
            <input
              id="option-id"
              name="id"
              defaultValue={values.id}
              readOnly={!values.isNew}
              autoComplete="off"
              spellCheck={false}
              aria-describedby="option-id-hint"
              aria-invalid={has("id") || has("id_taken") ? true : undefined}
            />
            <p id="option-id-hint" className="bo-hint">
              {t(values.isNew ? "brand.options.hint.id" : "brand.options.hint.id_fixed")}
            </p>
          </div>
        </fieldset>
        <div className="bo-languages">
          {LOCALES.map((locale) => (
            <fieldset
              key={locale}
              className="bo-fieldset bo-language-set"
              lang={locale}
              aria-invalid={optionTexts(values.kind).some((p) => has(`${p}.${locale}`)) ? true : undefined}
            >
              <legend>
                {locale === textLocale
                  ? t("brand.content.language_main", { language: LOCALE_NAMES[locale] })
                  : LOCALE_NAMES[locale]}
              </legend>
              {optionTexts(values.kind).map((part) => {
                const id = `option-${part}-${locale}`;
                const common = {
                  id,
                  name: `${part}.${locale}`,
                  defaultValue: values.texts[locale][part],
                  maxLength: OPTION_TEXT_MAX[part],
                  "aria-invalid": has(`${part}.${locale}`) ? true : undefined,
                };
                return (
                  <div key={part} className="bo-field">
                    <label htmlFor={id}>{t(`brand.options.text.${part}`)}</label>
                    {part === "instructions" ? <textarea rows={4} {...common} /> : <input {...common} />}
                  </div>
                );
              })}
            </fieldset>
          ))}
        </div>
        <p className="bo-hint">{t("brand.options.hint.languages")}</p>
        {values.kind === "bank" ? <SharedFields fields={BANK_FIELDS} values={values} errors={errors} /> : null}
        {values.kind === "crypto" ? (
          <SharedFields fields={CRYPTO_FIELDS} values={values} errors={errors} currency={currency} />
        ) : null}
        <div className="bo-actions">
          <button type="submit" className="button button-primary">
            {t(values.isNew ? "brand.options.add_save" : "brand.options.save")}
          </button>
          <Link to={back} className="button">
            {t("brand.options.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

/** One error of the form, in the operator's language. */
function ErrorText({ error }: { error: OptionError }) {
  const { t } = useTranslation("backoffice");
  const [part, locale] = error.split(".") as [string, keyof typeof LOCALE_NAMES | undefined];
  if (locale) return <>{t(`brand.options.error.${part as "name"}`, { language: LOCALE_NAMES[locale] })}</>;
  return <>{t(`brand.options.error.${error as "id"}`)}</>;
}

type SharedName = (typeof BANK_FIELDS)[number] | (typeof CRYPTO_FIELDS)[number];

/** The option's fields that are the same in every language: a bank's account, or a crypto asset's details. */
function SharedFields({
  fields,
  values,
  errors,
  currency,
}: {
  fields: readonly SharedName[];
  values: OptionValues;
  errors: OptionError[];
  currency?: string;
}) {
  const { t } = useTranslation("backoffice");
  return (
    <fieldset className="bo-fieldset">
      <legend>{t(`brand.options.group.${values.kind as "bank"}`)}</legend>
      {fields.map((name) => {
        const id = `option-${name}`;
        const invalid =
          errors.includes(name) ||
          (name === "address" && (errors.includes("address_required") || errors.includes("address_unused")));
        const common = {
          id,
          name,
          defaultValue: values.shared[name],
          "aria-describedby": `${id}-hint`,
          "aria-invalid": invalid ? true : undefined,
        };
        return (
          <div key={name} className="bo-field">
            <label htmlFor={id}>{t(`brand.options.field.${name}`, { currency: currency ?? "" })}</label>
            {name === "assign" ? (
              <select {...common}>
                {(["member", "deposit", "site"] as const).map((assign) => (
                  <option key={assign} value={assign}>
                    {t(`brand.options.assign.${assign}`)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                autoComplete="off"
                spellCheck={false}
                inputMode={name === "decimals" ? "numeric" : name === "unitPrice" ? "decimal" : undefined}
              />
            )}
            <p id={`${id}-hint`} className="bo-hint">
              {t(`brand.options.hint.${name}`)}
            </p>
          </div>
        );
      })}
    </fieldset>
  );
}
