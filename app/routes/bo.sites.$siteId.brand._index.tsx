import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { LOCALE_IDS } from "#rules/locales";
import { CALLS } from "~/backoffice/contract.server";
import { CsrfInput } from "~/components/csrf-input";
import { sitePatchOf, siteFormValues, SITE_GROUPS, type SiteFormValues } from "~/backoffice/brand/site-fields";
import { brandPath } from "~/backoffice/brand/tabs";
import { backOffice, noticeAndBack, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { sectionRoles } from "~/backoffice/sections";
import { LOCALE_NAMES, toLocale } from "~/i18n";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:brand.tab.site" } satisfies RouteHandle;

/** Site info as a form (put-site): the brand's texts, images, languages and member rules, grouped, with hints. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const bo = backOffice(context);
  const [info, chat] = await Promise.all([bo.operators.siteInfo(siteId), bo.operators.chatLink(siteId)]);
  if (!info.ok) throw new Response(null, { status: info.status === 404 ? 404 : 503 });
  return { values: siteFormValues(info.data), chatLink: chat.ok ? chat.data : null };
}

type ChatAnswer = { chat: { link: string; invalid: true } };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const bo = backOffice(context);
  const form = await request.formData();
  if (form.get("intent") === "chat") {
    // the platform's own check (set-chat): an absolute URL of at most 500 characters
    const link = String(form.get("link") ?? "").trim();
    const body = CALLS.operatorSetChatLink.body.safeParse({ link });
    if (!body.success) return { chat: { link, invalid: true } } satisfies ChatAnswer;
    const result = await bo.operators.call("operatorSetChatLink", { params: { siteId }, body: body.data });
    noticeAndBack(bo, result, "brand.chat.saved", brandPath(siteId));
  }
  const checked = sitePatchOf(form);
  if (!checked.ok) return { values: checked.values, errors: checked.errors };
  const result = await bo.operators.call("operatorPutSite", { params: { siteId }, body: checked.patch });
  noticeAndBack(bo, result, "brand.site.saved", brandPath(siteId));
}

export default function SiteInfoPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("backoffice");
  const site = answer && "values" in answer ? answer : undefined;
  const values: SiteFormValues = site?.values ?? loaded.values;
  const errors: Partial<Record<string, true>> = site?.errors ?? {};
  const chat = answer && "chat" in answer ? answer.chat : undefined;
  const langs = (values.langOptions as string[] | undefined) ?? [];
  return (
    <>
      {chat ? (
        // the page opens at its top without JavaScript: the refusal is said here too, linked to its field
        <p role="alert" className="bo-notice bo-notice-error">
          <a href="#chat-link">{t("brand.chat.not_saved")}</a>
        </p>
      ) : null}
      <Form method="post" className="bo-form bo-brand-form" noValidate>
        <CsrfInput />
        {site ? (
          <p role="alert" className="bo-notice bo-notice-error">
            {t("brand.site.invalid")}
          </p>
        ) : null}
        {SITE_GROUPS.map((group) => (
          <fieldset key={group.id} className="bo-fieldset">
            <legend>{t(`brand.site.group.${group.id}`)}</legend>
            {group.fields.map((field) => {
              const id = `site-${field.name}`;
              const hint = `${id}-hint`;
              const error = errors[field.name] ? `${id}-error` : undefined;
              const describedBy = error ? `${hint} ${error}` : hint;
              if (field.kind === "switch")
                return (
                  <div key={field.name} className="bo-switch">
                    <input
                      type="checkbox"
                      id={id}
                      name={field.name}
                      defaultChecked={values[field.name] === true}
                      aria-describedby={hint}
                    />
                    <label htmlFor={id}>{t(`brand.site.field.${field.name}`)}</label>
                    <p id={hint} className="bo-hint">
                      {t(`brand.site.hint.${field.name}`)}
                    </p>
                  </div>
                );
              const common = {
                id,
                name: field.name,
                defaultValue: String(values[field.name] ?? ""),
                "aria-describedby": describedBy,
                "aria-invalid": error ? true : undefined,
              };
              return (
                <div key={field.name} className="bo-field">
                  <label htmlFor={id}>{t(`brand.site.field.${field.name}`)}</label>
                  {field.kind === "textarea" ? (
                    <textarea rows={4} {...common} />
                  ) : (
                    <input type="text" inputMode={field.kind === "minutes" ? "numeric" : undefined} {...common} />
                  )}
                  <p id={hint} className="bo-hint">
                    {t(`brand.site.hint.${field.name}`)}
                  </p>
                  {error ? (
                    <p id={error} className="bo-field-error">
                      {t("brand.site.field_invalid")}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        ))}
        <fieldset className="bo-fieldset">
          <legend>{t("brand.site.group.languages")}</legend>
          <p id="site-langs-hint" className="bo-hint">
            {t("brand.site.hint.langOptions")}
          </p>
          {errors.langOptions ? <p className="bo-field-error">{t("brand.site.langs_invalid")}</p> : null}
          {LOCALE_IDS.map((id) => (
            <div key={id} className="bo-switch">
              <input
                type="checkbox"
                id={`site-lang-${id}`}
                name="langOptions"
                value={id}
                defaultChecked={langs.includes(id)}
              />
              <label htmlFor={`site-lang-${id}`}>{LOCALE_NAMES[toLocale(id)!]}</label>
            </div>
          ))}
          <div className="bo-field">
            <label htmlFor="site-defaultLanguage">{t("brand.site.field.defaultLanguage")}</label>
            <select
              id="site-defaultLanguage"
              name="defaultLanguage"
              defaultValue={String(values.defaultLanguage ?? "")}
              aria-describedby="site-defaultLanguage-hint"
              aria-invalid={errors.defaultLanguage ? true : undefined}
            >
              <option value="">{t("brand.site.browser_language")}</option>
              {LOCALE_IDS.map((id) => (
                <option key={id} value={id}>
                  {LOCALE_NAMES[toLocale(id)!]}
                </option>
              ))}
            </select>
            <p id="site-defaultLanguage-hint" className="bo-hint">
              {t("brand.site.hint.defaultLanguage")}
            </p>
            {errors.defaultLanguage ? <p className="bo-field-error">{t("brand.site.default_invalid")}</p> : null}
          </div>
        </fieldset>
        <button type="submit" className="button button-primary">
          {t("brand.site.save")}
        </button>
      </Form>
      <ChatLinkForm current={loaded.chatLink} answer={chat} />
    </>
  );
}

/** The customer-service chat link (set-chat), its own form: members open it from the site's help and chat buttons. */
function ChatLinkForm({ current, answer }: { current: string | null; answer?: ChatAnswer["chat"] }) {
  const { t } = useTranslation("backoffice");
  return (
    <Form method="post" className="bo-form bo-brand-form" noValidate aria-labelledby="chat-title">
      <CsrfInput />
      <fieldset className="bo-fieldset">
        <legend id="chat-title">{t("brand.chat.title")}</legend>
        <p className="bo-hint" data-testid="chat-current">
          {current === null
            ? t("queue.unavailable")
            : current === ""
              ? t("brand.chat.none")
              : t("brand.chat.current", { link: current })}
        </p>
        <div className="bo-field">
          <label htmlFor="chat-link">{t("brand.chat.link")}</label>
          <input
            id="chat-link"
            name="link"
            type="url"
            inputMode="url"
            maxLength={500}
            defaultValue={answer?.link ?? current ?? ""}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={answer ? "chat-link-hint chat-link-error" : "chat-link-hint"}
            aria-invalid={answer ? true : undefined}
          />
          <p id="chat-link-hint" className="bo-hint">
            {t("brand.chat.hint")}
          </p>
          {answer ? (
            <p id="chat-link-error" className="bo-field-error">
              {t("brand.chat.invalid")}
            </p>
          ) : null}
        </div>
        <button type="submit" name="intent" value="chat" className="button button-primary">
          {t("brand.chat.save")}
        </button>
      </fieldset>
    </Form>
  );
}
