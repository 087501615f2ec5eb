import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  CONTENT_KINDS,
  contentDraftOf,
  contentKindOf,
  emptyTexts,
  KIND_TEXTS,
  TEXT_MAX,
  type ContentError,
  type ContentKind,
  type ContentValues,
  PLATFORM_KIND,
  publishedItems,
  valuesOf,
  type PublishedItem,
} from "~/backoffice/brand/content-form";
import { brandPath } from "~/backoffice/brand/tabs";
import { requireSiteInfo } from "~/backoffice/site.server";
import { backOffice, noticeAndBack, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { sectionRoles } from "~/backoffice/sections";
import { CsrfInput } from "~/components/csrf-input";
import { Filled } from "~/components/filled";
import { RichText } from "~/components/rich-text";
import { LOCALE_NAMES, LOCALES, toLocale, toLocaleId, type Locale } from "~/i18n";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";
import { textLanguage } from "../../server/contract/localize";
import { campaignKey, type SiteInfo } from "../../server/contract";
import { CampaignRules, type RuleRow } from "~/backoffice/brand/campaign-rules";
import { campaignStatus } from "~/utils/campaigns";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:brand.tab.content" } satisfies RouteHandle;

const site = (context: LoaderFunctionArgs["context"], siteId: string) => requireSiteInfo(backOffice(context), siteId);

/** The site's campaign rules and where each stands now (the server's clock, as the platform's). */
function ruleRows(info: SiteInfo): RuleRow[] {
  const now = Date.now();
  return info.campaignRules.map((r) => ({
    key: r.key,
    kind: r.kind,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    endedAt: r.endedAt,
    status: campaignStatus(r, now),
  }));
}

/** The terms additions as stored: the text language's in `terms`, the others in `translations`. */
function termsTexts(info: SiteInfo, textLocale: Locale): ContentValues["texts"] {
  const texts = emptyTexts();
  for (const locale of LOCALES)
    texts[locale].content = locale === textLocale ? info.terms : (info.translations[toLocaleId(locale)]?.terms ?? "");
  return texts;
}

function blank(kind: ContentKind, info: SiteInfo, textLocale: Locale): ContentValues {
  return {
    kind,
    key: "",
    startsAt: "",
    endsAt: "",
    newsKind: "news",
    texts: kind === "terms" ? termsTexts(info, textLocale) : emptyTexts(),
  };
}

/**
 * The content editor: a campaign, a news item, a help page or the terms additions, written in the
 * four languages side by side (stacked on a phone), previewed as the member site shows it, and
 * published language by language with one key (the CLI's publish-* and put-site's terms).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const info = await site(context, siteId);
  const textLocale = toLocale(textLanguage(info)) ?? "en-US";
  const url = new URL(request.url);
  const kind = contentKindOf(url.searchParams.get("kind"));
  let published: PublishedItem[] | null = [];
  let values = blank(kind, info, textLocale);
  if (kind !== "terms") {
    const listed = await backOffice(context).operators.call("operatorContent", {
      params: { siteId },
      query: { kind: PLATFORM_KIND[kind] },
    });
    published = listed.ok ? publishedItems(kind, listed.data) : null;
    const key = url.searchParams.get("key");
    if (listed.ok && key) values = valuesOf(kind, key, listed.data) ?? values;
  }
  const rules = kind === "campaign" ? ruleRows(info) : [];
  return {
    siteId,
    textLocale,
    published,
    rules,
    ending: rules.find((r) => r.key === url.searchParams.get("end") && r.status !== "ended") ?? null,
    values,
    errors: [] as ContentError[],
    badLanguages: [] as Locale[],
    preview: false,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const bo = backOffice(context);
  const info = await site(context, siteId);
  const textLocale = toLocale(textLanguage(info)) ?? "en-US";
  const form = await request.formData();
  const kind = contentKindOf(String(form.get("kind") ?? ""));
  if (form.get("intent") === "retire" && kind !== "terms") {
    // one language of one item: its members then read the text language's, if it has one
    const id = String(form.get("id") ?? "");
    if (id === "" || id.length > 64) throw new Response(null, { status: 400 });
    const result = await bo.operators.call("operatorRetireContent", {
      params: { siteId, kind: PLATFORM_KIND[kind], id },
    });
    noticeAndBack(bo, result, "brand.content.retired", `${brandPath(siteId, "content")}?kind=${kind}`);
  }
  if (form.get("intent") === "end-campaign") {
    // the CLI's campaign-end: the rule credits nothing new from now on, its texts are no longer listed
    const key = campaignKey.safeParse(String(form.get("key") ?? ""));
    if (!key.success) throw new Response(null, { status: 400 });
    const result = await bo.operators.call("operatorEndCampaign", { params: { siteId, key: key.data }, body: {} });
    noticeAndBack(bo, result, "brand.campaigns.ended", `${brandPath(siteId, "content")}?kind=campaign`);
  }
  const draft = contentDraftOf(form, kind, textLocale);
  const page = { siteId, textLocale, values: draft.values };
  if (!draft.ok) return { ...page, errors: draft.errors, badLanguages: draft.languages, preview: false };
  if (form.get("intent") !== "publish") return { ...page, errors: [], badLanguages: [], preview: true };
  const back = `${brandPath(siteId, "content")}?kind=${kind}`;
  const { values } = draft;
  if (kind === "terms") {
    const translations = { ...info.translations };
    let terms = info.terms;
    for (const locale of LOCALES) {
      const text = values.texts[locale].content;
      if (locale === textLocale) terms = text;
      else translations[toLocaleId(locale)] = { ...translations[toLocaleId(locale)], terms: text };
    }
    const result = await bo.operators.call("operatorPutSite", { params: { siteId }, body: { terms, translations } });
    noticeAndBack(bo, result, "brand.content.published", back);
  }
  // one call per language written, the key tying them together (a member reads theirs, else the text language's)
  for (const { lang, texts } of draft.languages) {
    const result =
      kind === "campaign"
        ? await bo.operators.call("operatorPublishCampaign", {
            params: { siteId },
            body: { lang, key: values.key, ...texts, startsAt: draft.startsAt, endsAt: draft.endsAt },
          })
        : kind === "news"
          ? await bo.operators.call("operatorPublishPress", {
              params: { siteId },
              body: { lang, kind: values.newsKind, path: values.key, ...texts },
            })
          : await bo.operators.call("operatorPublishInstruction", {
              params: { siteId },
              body: { lang, key: values.key, type: "help", title: texts.title, content: texts.content },
            });
    if (!result.ok) noticeAndBack(bo, result, "brand.content.published", back);
  }
  noticeAndBack(bo, { ok: true, data: null }, "brand.content.published", back);
}

export default function ContentPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const page = answer ?? loaded;
  const { values, errors, siteId, textLocale } = page;
  const kind = values.kind;
  const { t } = useTranslation("backoffice");
  const parts = KIND_TEXTS[kind];
  return (
    <div className="bo-content">
      <nav aria-label={t("brand.content.kinds")} className="bo-tabs bo-subtabs">
        {CONTENT_KINDS.map((k) => (
          <Link
            key={k}
            to={`${brandPath(siteId, "content")}?kind=${k}`}
            aria-current={k === kind ? "page" : undefined}
            className={k === kind ? "active" : undefined}
          >
            {t(`brand.content.kind.${k}`)}
          </Link>
        ))}
      </nav>
      <p className="bo-hint">{t(`brand.content.about.${kind}`)}</p>
      {errors.length > 0 ? (
        <div role="alert" className="bo-notice bo-notice-error" data-testid="content-errors">
          <p>{t("brand.content.not_sent")}</p>
          <ul>
            {errors.map((e) => (
              <li key={e}>{t(`brand.content.error.${e}`, { language: LOCALE_NAMES[textLocale] })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" className="bo-form" noValidate>
        <CsrfInput />
        <input type="hidden" name="kind" value={kind} />
        {kind !== "terms" ? (
          <fieldset className="bo-fieldset">
            <legend>{t("brand.content.item")}</legend>
            <div className="bo-field">
              <label htmlFor="content-key">{t(kind === "news" ? "brand.content.path" : "brand.content.key")}</label>
              <input
                id="content-key"
                name="key"
                defaultValue={values.key}
                autoComplete="off"
                spellCheck={false}
                aria-describedby="content-key-hint"
                aria-invalid={errors.includes("key") ? true : undefined}
              />
              <p id="content-key-hint" className="bo-hint">
                {t("brand.content.key_hint")}
              </p>
            </div>
            {kind === "news" ? (
              <div className="bo-field">
                <label htmlFor="content-newsKind">{t("brand.content.news_kind")}</label>
                <select id="content-newsKind" name="newsKind" defaultValue={values.newsKind}>
                  <option value="news">{t("brand.content.kind.news")}</option>
                  <option value="announcement">{t("brand.content.announcement")}</option>
                </select>
              </div>
            ) : null}
            {kind === "campaign" ? (
              <>
                <div className="bo-field">
                  <label htmlFor="content-startsAt">{t("brand.content.starts")}</label>
                  <input
                    id="content-startsAt"
                    name="startsAt"
                    type="datetime-local"
                    defaultValue={values.startsAt}
                    aria-describedby="content-utc-hint"
                    aria-invalid={errors.includes("starts") ? true : undefined}
                  />
                </div>
                <div className="bo-field">
                  <label htmlFor="content-endsAt">{t("brand.content.ends")}</label>
                  <input
                    id="content-endsAt"
                    name="endsAt"
                    type="datetime-local"
                    defaultValue={values.endsAt}
                    aria-describedby="content-utc-hint"
                    aria-invalid={errors.includes("ends") ? true : undefined}
                  />
                </div>
                <p id="content-utc-hint" className="bo-hint">
                  {t("brand.content.utc_hint")}
                </p>
              </>
            ) : null}
          </fieldset>
        ) : null}
        <div className="bo-languages">
          {LOCALES.map((locale) => (
            <fieldset
              key={locale}
              className="bo-fieldset bo-language-set"
              lang={locale}
              aria-invalid={page.badLanguages.includes(locale) ? true : undefined}
            >
              <legend>
                {locale === textLocale
                  ? t("brand.content.language_main", { language: LOCALE_NAMES[locale] })
                  : LOCALE_NAMES[locale]}
              </legend>
              {parts.map((part) => {
                const id = `content-${part}-${locale}`;
                const common = {
                  id,
                  name: `${part}.${locale}`,
                  defaultValue: values.texts[locale][part],
                  maxLength: TEXT_MAX[part],
                };
                return (
                  <div key={part} className="bo-field">
                    <label htmlFor={id}>{t(`brand.content.text.${part}`)}</label>
                    {part === "title" ? (
                      <input {...common} />
                    ) : (
                      <textarea rows={part === "content" ? 8 : 3} {...common} />
                    )}
                  </div>
                );
              })}
            </fieldset>
          ))}
        </div>
        <p className="bo-hint">{t("brand.content.lists_hint")}</p>
        <div className="bo-actions">
          <button type="submit" name="intent" value="preview" className="button">
            {t("brand.content.preview")}
          </button>
          <button type="submit" name="intent" value="publish" className="button button-primary">
            {t(kind === "terms" ? "brand.content.save_terms" : "brand.content.publish")}
          </button>
        </div>
      </Form>
      {page.preview ? <ContentPreview values={values} /> : null}
      {kind === "campaign" ? (
        <CampaignRules
          rules={loaded.rules}
          ending={loaded.ending}
          here={`${brandPath(siteId, "content")}?kind=campaign`}
          rulePath={`${brandPath(siteId, "content")}/rule`}
        />
      ) : null}
      {kind !== "terms" ? <PublishedList siteId={siteId} kind={kind} items={loaded.published} /> : null}
    </div>
  );
}

/** How the member site shows each language written: its card and its rich text (the member's own component). */
function ContentPreview({ values }: { values: ContentValues }) {
  const { t } = useTranslation("backoffice");
  const written = LOCALES.filter((l) => KIND_TEXTS[values.kind].some((p) => values.texts[l][p] !== ""));
  return (
    <section aria-labelledby="content-preview-title" className="bo-content-preview">
      <h2 id="content-preview-title">{t("brand.content.preview_title")}</h2>
      <div className="bo-languages">
        {written.map((locale) => {
          const texts = values.texts[locale];
          return (
            <article key={locale} className="card bo-preview-item" lang={locale} data-testid={`preview-${locale}`}>
              <p className="bo-preview-label" lang={undefined}>
                {LOCALE_NAMES[locale]}
              </p>
              {texts.title ? <h3>{texts.title}</h3> : null}
              {texts.summary ? <p className="lead stored-text">{texts.summary}</p> : null}
              {texts.content ? <RichText text={texts.content} /> : null}
            </article>
          );
        })}
      </div>
    </section>
  );
}

/** What is published of the kind: each item's languages, Edit (the editor filled) and Unpublish per language. */
function PublishedList({
  siteId,
  kind,
  items,
}: {
  siteId: string;
  kind: Exclude<ContentKind, "terms">;
  items: PublishedItem[] | null;
}) {
  const { t } = useTranslation("backoffice");
  const here = `${brandPath(siteId, "content")}?kind=${kind}`;
  return (
    <section aria-labelledby="content-published-title" className="bo-published">
      <h2 id="content-published-title">{t("brand.content.published_title")}</h2>
      {items === null ? <p role="alert">{t("queue.unavailable")}</p> : null}
      {items?.length === 0 ? <p>{t("brand.content.none")}</p> : null}
      <ul className="bo-queue">
        {items?.map((item) => (
          <li key={item.key} className="bo-item" data-testid={`published-${item.key}`}>
            <h3>{item.title}</h3>
            <p className="bo-hint">
              <Filled text={t("brand.content.key_is")} slots={{ key: <code>{item.key}</code> }} />
            </p>
            <p>
              <Link to={`${here}&key=${encodeURIComponent(item.key)}`}>{t("brand.content.edit")}</Link>
            </p>
            <ul className="bo-published-languages">
              {item.languages.map(({ id, locale }) => (
                <li key={id}>
                  <span lang={locale}>{LOCALE_NAMES[locale]}</span>
                  <Form method="post" className="bo-inline-form">
                    <CsrfInput />
                    <input type="hidden" name="kind" value={kind} />
                    <input type="hidden" name="id" value={id} />
                    <button
                      type="submit"
                      name="intent"
                      value="retire"
                      className="button button-small"
                      aria-label={t("brand.content.retire_one", { title: item.title, language: LOCALE_NAMES[locale] })}
                    >
                      {t("brand.content.retire")}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
