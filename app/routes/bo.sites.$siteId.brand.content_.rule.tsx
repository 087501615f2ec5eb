import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ruleKindOf, type RuleError, type RuleValues } from "~/backoffice/brand/campaign-rule-fields";
import {
  editable,
  newRuleValues,
  ruleDraftOf,
  rulesVersion,
  ruleValues,
  saveRulePatch,
} from "~/backoffice/brand/campaign-rule-form.server";
import { brandPath } from "~/backoffice/brand/tabs";
import { requireSiteInfo } from "~/backoffice/site.server";
import { backOffice, noticeAndBack, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { sectionRoles } from "~/backoffice/sections";
import { CsrfInput } from "~/components/csrf-input";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:brand.rules.title" } satisfies RouteHandle;

const site = (context: LoaderFunctionArgs["context"], siteId: string) => requireSiteInfo(backOffice(context), siteId);

const campaignsPath = (siteId: string) => `${brandPath(siteId, "content")}?kind=campaign`;

/**
 * What a campaign pays, as a form (brand › content › campaigns): `?key=<key>` edits a rule that has
 * not started, `?kind=deposit_bonus|rebate` adds one. Saved with put-site (`campaignRules`, the
 * others unchanged); its texts are the campaign content written on the content page with the same
 * key. A rule that has started is not written any more (campaign-rule-form.server.ts says why).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const info = await site(context, siteId);
  const url = new URL(request.url);
  const key = url.searchParams.get("key");
  const now = Date.now();
  const editing = key === null ? null : info.campaignRules.find((r) => r.key === key);
  if (editing === undefined) throw new Response(null, { status: 404 });
  // started or ended meanwhile: back to the list, which offers End now instead
  if (editing && !editable(editing, now)) throw redirect(campaignsPath(siteId));
  const kind = ruleKindOf(url.searchParams.get("kind"));
  if (!editing && !kind) throw redirect(campaignsPath(siteId));
  return {
    siteId,
    currency: info.currency,
    version: rulesVersion(info),
    values: editing ? ruleValues(editing, info.currency) : newRuleValues(kind!, now),
    errors: [] as RuleError[],
    changed: false,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const bo = backOffice(context);
  const info = await site(context, siteId);
  const form = await request.formData();
  const now = Date.now();
  const original = String(form.get("original") ?? "");
  const editing = original === "" ? null : info.campaignRules.find((r) => r.key === original);
  const draft = ruleDraftOf(form, info, editing ?? null, ruleKindOf(String(form.get("kind"))) ?? "deposit_bonus", now);
  const page = { siteId, currency: info.currency, version: rulesVersion(info) };
  // changed meanwhile (edited, ended, removed, or started): saving would undo that or rewrite running terms
  const changed =
    String(form.get("version") ?? "") !== page.version ||
    editing === undefined ||
    (!!editing && !editable(editing, now));
  if (changed || !draft.ok) return { ...page, values: draft.values, errors: draft.ok ? [] : draft.errors, changed };
  const patch = saveRulePatch(info, draft.rule);
  if (!patch) return { ...page, values: draft.values, errors: ["key"] as RuleError[], changed: false };
  const result = await bo.operators.call("operatorPutSite", { params: { siteId }, body: patch });
  noticeAndBack(bo, result, editing ? "brand.rules.saved" : "brand.rules.added", campaignsPath(siteId));
}

export default function CampaignRulePage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const page = answer ?? loaded;
  const { values, errors, currency } = page;
  const { t } = useTranslation("backoffice");
  const has = (error: RuleError) => errors.includes(error);
  const invalid = (...list: RuleError[]) => (list.some(has) ? true : undefined);
  return (
    <section aria-labelledby="rule-title">
      <h2 id="rule-title">
        {values.isNew ? t(`brand.rules.add.${values.kind}`) : t("brand.rules.edit_title", { key: values.key })}
      </h2>
      <p className="bo-hint">{t(`brand.rules.about.${values.kind}`)}</p>
      <p className="bo-hint">{t("brand.rules.terms_fixed")}</p>
      {page.changed ? (
        <p role="alert" className="bo-notice bo-notice-error" data-testid="rule-changed">
          {t("brand.rules.changed")}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <div role="alert" className="bo-notice bo-notice-error" data-testid="rule-errors">
          <p>{t("brand.rules.not_sent")}</p>
          <ul>
            {errors.map((e) => (
              <li key={e}>{t(`brand.rules.error.${e}`)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" className="bo-form bo-brand-form" noValidate>
        <CsrfInput />
        <input type="hidden" name="version" value={page.version} />
        <input type="hidden" name="kind" value={values.kind} />
        <input type="hidden" name="original" value={values.isNew ? "" : values.key} />
        <fieldset className="bo-fieldset">
          <legend>{t("brand.rules.group.campaign")}</legend>
          <Field id="rule-key" label={t("brand.rules.field.key")} hint={t("brand.rules.hint.key")}>
            <input
              id="rule-key"
              name="key"
              defaultValue={values.key}
              readOnly={!values.isNew}
              autoComplete="off"
              spellCheck={false}
              aria-describedby="rule-key-hint"
              aria-invalid={invalid("key", "key_taken")}
            />
          </Field>
          <div className="bo-check">
            <input id="rule-optin" type="checkbox" name="optIn" defaultChecked={values.optIn} />
            <label htmlFor="rule-optin">{t("brand.rules.field.optIn")}</label>
          </div>
          <Field id="rule-starts" label={t("brand.rules.field.startsAt")} hint={t("brand.rules.hint.utc")}>
            <input
              id="rule-starts"
              name="startsAt"
              type="datetime-local"
              defaultValue={values.startsAt}
              aria-describedby="rule-starts-hint"
              aria-invalid={invalid("starts_at", "starts_past")}
            />
          </Field>
          <Field id="rule-ends" label={t("brand.rules.field.endsAt")} hint={t("brand.rules.hint.ends")}>
            <input
              id="rule-ends"
              name="endsAt"
              type="datetime-local"
              defaultValue={values.endsAt}
              aria-describedby="rule-ends-hint"
              aria-invalid={invalid("ends_at", "ends_before_start")}
            />
          </Field>
        </fieldset>
        <fieldset className="bo-fieldset">
          <legend>{t("brand.rules.group.pays")}</legend>
          <Field
            id="rule-percent"
            label={t(`brand.rules.field.percent.${values.kind}`)}
            hint={t("brand.rules.hint.percent")}
          >
            <input
              id="rule-percent"
              name="percent"
              inputMode="decimal"
              defaultValue={values.percent}
              autoComplete="off"
              aria-describedby="rule-percent-hint"
              aria-invalid={invalid("percent")}
            />
          </Field>
          <Field
            id="rule-cap"
            label={t("brand.rules.field.cap", { currency })}
            hint={t(`brand.rules.hint.cap.${values.kind}`)}
          >
            <input
              id="rule-cap"
              name="cap"
              inputMode="decimal"
              defaultValue={values.cap}
              autoComplete="off"
              aria-describedby="rule-cap-hint"
              aria-invalid={invalid("cap")}
            />
          </Field>
          {values.kind === "deposit_bonus" ? <BonusFields values={values} invalid={invalid} /> : null}
          {values.kind === "rebate" ? <RebateFields values={values} invalid={invalid} /> : null}
        </fieldset>
        <div className="bo-actions">
          <button type="submit" className="button button-primary">
            {t(values.isNew ? "brand.rules.add_save" : "brand.rules.save")}
          </button>
          <Link to={campaignsPath(page.siteId)} className="button">
            {t("brand.rules.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

function Field({ id, label, hint, children }: { id: string; label: string; hint: string; children: React.ReactNode }) {
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      {children}
      <p id={`${id}-hint`} className="bo-hint">
        {hint}
      </p>
    </div>
  );
}

type Invalid = (...list: RuleError[]) => true | undefined;

function BonusFields({ values, invalid }: { values: RuleValues; invalid: Invalid }) {
  const { t } = useTranslation("backoffice");
  return (
    <>
      <Field id="rule-deposits" label={t("brand.rules.field.deposits")} hint={t("brand.rules.hint.deposits")}>
        <select id="rule-deposits" name="deposits" defaultValue={values.deposits} aria-describedby="rule-deposits-hint">
          <option value="first">{t("brand.rules.deposits.first")}</option>
          <option value="each">{t("brand.rules.deposits.each")}</option>
        </select>
      </Field>
      <Field id="rule-wagering" label={t("brand.rules.field.wagering")} hint={t("brand.rules.hint.wagering")}>
        <input
          id="rule-wagering"
          name="wagering"
          inputMode="numeric"
          defaultValue={values.wagering}
          autoComplete="off"
          aria-describedby="rule-wagering-hint"
          aria-invalid={invalid("wagering")}
        />
      </Field>
    </>
  );
}

function RebateFields({ values, invalid }: { values: RuleValues; invalid: Invalid }) {
  const { t } = useTranslation("backoffice");
  return (
    <>
      <Field id="rule-period" label={t("brand.rules.field.period")} hint={t("brand.rules.hint.period")}>
        <select id="rule-period" name="period" defaultValue={values.period} aria-describedby="rule-period-hint">
          <option value="day">{t("brand.rules.period.day")}</option>
          <option value="week">{t("brand.rules.period.week")}</option>
          <option value="rounds">{t("brand.rules.period.rounds")}</option>
        </select>
      </Field>
      <Field id="rule-rounds" label={t("brand.rules.field.rounds")} hint={t("brand.rules.hint.rounds")}>
        <input
          id="rule-rounds"
          name="rounds"
          inputMode="numeric"
          defaultValue={values.rounds}
          autoComplete="off"
          aria-describedby="rule-rounds-hint"
          aria-invalid={invalid("rounds")}
        />
      </Field>
    </>
  );
}
