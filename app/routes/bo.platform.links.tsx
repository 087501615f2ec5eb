import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CALLS, siteIdSchema } from "~/backoffice/contract.server";
import { backOffice, requirePlatformOperator } from "~/backoffice/operator.server";
import { PlatformField } from "~/backoffice/platform/pair-fields";
import { platformPath } from "~/backoffice/platform/tabs";
import { CsrfInput } from "~/components/csrf-input";
import type { KeyOf, RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:platform.tab.links" } satisfies RouteHandle;

const linksPath = (site: string) => `${platformPath("links")}?site=${encodeURIComponent(site)}`;

/**
 * Linked sites (docs/decisions/033): a break one person takes on one site of a group holds on
 * all of them. The platform keeps no list of sites, so a group is looked up by one of its sites
 * (`?site=`, a GET form) and shown whole: that site and the others linked with it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePlatformOperator(context);
  const asked = new URL(request.url).searchParams.get("site");
  if (asked === null) return { site: "", group: null, invalid: false, refused: null };
  const site = siteIdSchema.safeParse(asked.trim().toLowerCase());
  if (!site.success) return { site: asked, group: null, invalid: true, refused: null };
  const links = await backOffice(context).operators.call("operatorSiteLinks", { params: { siteId: site.data } });
  if (!links.ok) return { site: site.data, group: null, invalid: false, refused: `messages:${links.code}` };
  return { site: site.data, group: links.data, invalid: false, refused: null };
}

type Answer = {
  form: "link" | "unlink";
  values: { site: string; sites: string; reason: string };
  errors: Partial<Record<"site" | "sites" | "reason", string>>;
  refused: string | null;
};

/** Link sites (their groups join) or take one out of its group; checked with the contract's bodies first. */
export async function action({ request, context }: ActionFunctionArgs): Promise<Answer> {
  await requirePlatformOperator(context);
  const form = await request.formData();
  const intent = form.get("intent") === "unlink" ? "unlink" : "link";
  const values = {
    site: String(form.get("site") ?? "")
      .trim()
      .toLowerCase(),
    sites: String(form.get("sites") ?? "").trim(),
    reason: String(form.get("reason") ?? "").trim(),
  };
  const errors: Answer["errors"] = {};
  const site = siteIdSchema.safeParse(values.site);
  if (!site.success) errors.site = "link_site";
  const others = values.sites
    .split(/[\s,，、]+/)
    .map((s) => s.toLowerCase())
    .filter(Boolean);
  const body =
    intent === "link"
      ? CALLS.operatorLinkSites.body.safeParse({ sites: others, reason: values.reason })
      : CALLS.operatorUnlinkSite.body.safeParse({ reason: values.reason });
  if (!body.success)
    for (const issue of body.error.issues) {
      const field = issue.path[0] === "sites" ? "sites" : "reason";
      errors[field] ??= field === "sites" ? "link_sites" : "link_reason";
    }
  if (intent === "link" && site.success && others.includes(site.data)) errors.sites = "link_sites_self";
  if (intent === "unlink" && form.get("confirm") !== "yes")
    return { form: intent, values, errors, refused: "platform.links.confirm_missing" };
  if (!site.success || !body.success || Object.keys(errors).length > 0)
    return { form: intent, values, errors, refused: null };
  const bo = backOffice(context);
  const answer =
    intent === "link"
      ? await bo.operators.call("operatorLinkSites", {
          params: { siteId: site.data },
          body: { sites: others, reason: values.reason },
        })
      : await bo.operators.call("operatorUnlinkSite", {
          params: { siteId: site.data },
          body: { reason: values.reason },
        });
  if (!answer.ok) return { form: intent, values, errors: {}, refused: `messages:${answer.code}` };
  bo.session.flash({ kind: "success", key: intent === "link" ? "platform.links.linked" : "platform.links.unlinked" });
  throw redirect(linksPath(site.data));
}

export default function SiteLinks() {
  const { site, group, invalid, refused } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("backoffice");
  const of = (form: Answer["form"]) => (answer?.form === form ? answer : null);
  return (
    <>
      <h2>{t("platform.links.title")}</h2>
      <p className="bo-hint">{t("platform.links.intro")}</p>
      <Form method="get" className="bo-form">
        <PlatformField
          name="site"
          form="lookup"
          label="platform.links.field.site"
          value={site}
          error={invalid ? "link_site" : undefined}
          autoCapitalize="none"
        />
        <button type="submit" className="button">
          {t("platform.links.show")}
        </button>
      </Form>
      {refused ? (
        <p role="alert" className="bo-notice bo-notice-error">
          {t(refused as KeyOf<"backoffice">)}
        </p>
      ) : null}
      {group ? (
        <section aria-labelledby="link-group">
          <h3 id="link-group">{t("platform.links.group_title", { site: group.siteId })}</h3>
          {group.linked.length === 0 ? (
            <p>{t("platform.links.alone")}</p>
          ) : (
            <ul className="bo-site-list">
              {[group.siteId, ...group.linked].map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <LinkForm answer={of("link")} site={site} />
      <UnlinkForm answer={of("unlink")} site={site} />
    </>
  );
}

function Refused({ answer }: { answer: Answer | null }) {
  const { t } = useTranslation("backoffice");
  if (!answer) return null;
  return (
    <p role="alert" className="bo-notice bo-notice-error">
      {t((answer.refused ?? "platform.form_invalid") as KeyOf<"backoffice">)}
    </p>
  );
}

function LinkForm({ answer, site }: { answer: Answer | null; site: string }) {
  const { t } = useTranslation("backoffice");
  const values = answer?.values ?? { site, sites: "", reason: "" };
  return (
    <section aria-labelledby="link-title">
      <h2 id="link-title">{t("platform.links.link_title")}</h2>
      <Form method="post" className="bo-form" noValidate>
        <CsrfInput />
        <Refused answer={answer} />
        <p className="bo-hint">{t("platform.links.link_effect")}</p>
        <PlatformField
          name="site"
          form="link"
          label="platform.links.field.site"
          value={values.site}
          error={answer?.errors.site}
          autoCapitalize="none"
        />
        <PlatformField
          name="sites"
          form="link"
          label="platform.links.field.sites"
          hint="platform.links.hint.sites"
          value={values.sites}
          error={answer?.errors.sites}
          autoCapitalize="none"
        />
        <PlatformField
          name="reason"
          form="link"
          label="platform.links.field.reason"
          hint="platform.links.hint.reason"
          value={values.reason}
          error={answer?.errors.reason}
        />
        <button type="submit" name="intent" value="link" className="button button-primary">
          {t("platform.links.link")}
        </button>
      </Form>
    </section>
  );
}

function UnlinkForm({ answer, site }: { answer: Answer | null; site: string }) {
  const { t } = useTranslation("backoffice");
  const values = answer?.values ?? { site, sites: "", reason: "" };
  return (
    <section aria-labelledby="unlink-title">
      <h2 id="unlink-title">{t("platform.links.unlink_title")}</h2>
      <Form method="post" className="bo-form bo-fieldset bo-danger" noValidate>
        <CsrfInput />
        <Refused answer={answer} />
        <p>{t("platform.links.unlink_effect")}</p>
        <PlatformField
          name="site"
          form="unlink"
          label="platform.links.field.site"
          value={values.site}
          error={answer?.errors.site}
          autoCapitalize="none"
        />
        <PlatformField
          name="reason"
          form="unlink"
          label="platform.links.field.reason"
          hint="platform.links.hint.reason"
          value={values.reason}
          error={answer?.errors.reason}
        />
        <div className="bo-check">
          <input type="checkbox" id="unlink-confirm" name="confirm" value="yes" />
          <label htmlFor="unlink-confirm">{t("platform.links.unlink_confirm")}</label>
        </div>
        <button type="submit" name="intent" value="unlink" className="button">
          {t("platform.links.unlink")}
        </button>
      </Form>
    </section>
  );
}
