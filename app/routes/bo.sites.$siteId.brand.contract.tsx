import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  CONTRACT_AMOUNTS,
  CONTRACT_NUMBERS,
  type ContractField,
  type ContractValues,
} from "~/backoffice/brand/contract-fields";
import { contractDraftOf, contractValues } from "~/backoffice/brand/contract-form.server";
import { brandPath } from "~/backoffice/brand/tabs";
import { requireSiteInfo } from "~/backoffice/site.server";
import { backOffice, noticeAndBack, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { sectionRoles } from "~/backoffice/sections";
import { CsrfInput } from "~/components/csrf-input";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:brand.tab.contract" } satisfies RouteHandle;

const site = (context: LoaderFunctionArgs["context"], siteId: string) => requireSiteInfo(backOffice(context), siteId);

/** Contract trading's settings (site info's contractSettings): leverages, fees, limits, close-only pairs. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const info = await site(context, siteId);
  return {
    currency: info.currency,
    pairs: info.pairs,
    values: contractValues(info.contractSettings, info.currency),
    invalid: [] as ContractField[],
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const info = await site(context, siteId);
  const draft = contractDraftOf(await request.formData(), info.currency, info.pairs);
  if (!draft.ok) return { currency: info.currency, pairs: info.pairs, values: draft.values, invalid: draft.invalid };
  const bo = backOffice(context);
  const result = await bo.operators.call("operatorPutSite", {
    params: { siteId },
    body: { contractSettings: draft.settings },
  });
  noticeAndBack(bo, result, "brand.contract.saved", brandPath(siteId, "contract"));
}

export default function ContractPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const page = answer ?? loaded;
  const values: ContractValues = page.values;
  const { t } = useTranslation("backoffice");
  const field = (name: Exclude<ContractField, "closeOnlyPairs">, amount: boolean) => {
    const id = `contract-${name}`;
    const bad = page.invalid.includes(name);
    return (
      <div key={name} className="bo-field">
        <label htmlFor={id}>
          {amount
            ? t("brand.contract.amount_label", { label: t(`brand.contract.field.${name}`), currency: page.currency })
            : t(`brand.contract.field.${name}`)}
        </label>
        <input
          id={id}
          name={name}
          defaultValue={values[name]}
          inputMode={name === "leverageOptions" ? "text" : amount ? "decimal" : "numeric"}
          aria-describedby={`${id}-hint${bad ? ` ${id}-error` : ""}`}
          aria-invalid={bad ? true : undefined}
        />
        <p id={`${id}-hint`} className="bo-hint">
          {t(`brand.contract.hint.${name}`)}
        </p>
        {bad ? (
          <p id={`${id}-error`} className="bo-field-error">
            {t("brand.site.field_invalid")}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <Form method="post" className="bo-form bo-brand-form" noValidate>
      <CsrfInput />
      {answer ? (
        <p role="alert" className="bo-notice bo-notice-error">
          {t("brand.site.invalid")}
        </p>
      ) : null}
      <fieldset className="bo-fieldset">
        <legend>{t("brand.contract.group.trading")}</legend>
        {field("leverageOptions", false)}
        {CONTRACT_NUMBERS.map((name) => field(name, false))}
      </fieldset>
      <fieldset className="bo-fieldset">
        <legend>{t("brand.contract.group.limits")}</legend>
        {CONTRACT_AMOUNTS.map((name) => field(name, true))}
      </fieldset>
      <fieldset className="bo-fieldset">
        <legend>{t("brand.contract.field.closeOnlyPairs")}</legend>
        <p className="bo-hint">{t("brand.contract.hint.closeOnlyPairs")}</p>
        {page.pairs.map((pair) => (
          <div key={pair} className="bo-switch">
            <input
              type="checkbox"
              id={`contract-close-${pair}`}
              name="closeOnlyPairs"
              value={pair}
              defaultChecked={values.closeOnlyPairs.includes(pair)}
            />
            <label htmlFor={`contract-close-${pair}`}>{pair}</label>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="button button-primary">
        {t("brand.contract.save")}
      </button>
    </Form>
  );
}
