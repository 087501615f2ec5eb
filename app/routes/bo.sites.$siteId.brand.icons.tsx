import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { brandPath } from "~/backoffice/brand/tabs";
import { backOffice, noticeAndBack, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { sectionRoles } from "~/backoffice/sections";
import { CsrfInput } from "~/components/csrf-input";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";
import { ICON_MAX_BYTES, ICON_SIZES, iconProblem, type IconSize } from "../../server/contract";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:brand.tab.icons" } satisfies RouteHandle;

/**
 * The home-screen icons (the CLI's `icons`): the three PNGs as the site serves them, and a form that
 * uploads any of them. A Worker cannot rasterize the mark, so the operator renders them with the
 * CLI (`icons --out`) or a design tool; each file is checked here as the platform checks it (a PNG
 * by its bytes, exactly its size, at most ICON_MAX_BYTES) before any is sent.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  return { siteId, maxKb: ICON_MAX_BYTES / 1024 };
}

type Problem = NonNullable<ReturnType<typeof iconProblem>>;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const bo = backOffice(context);
  const form = await request.formData();
  const files: [IconSize, File][] = [];
  const problems: Partial<Record<IconSize, Problem>> = {};
  for (const size of ICON_SIZES) {
    const file = form.get(`icon${size}`);
    // a file input left empty sends an empty part without a name
    if (!(file instanceof File) || (file.size === 0 && file.name === "")) continue;
    const problem = iconProblem(new Uint8Array(await file.arrayBuffer()), size);
    if (problem) problems[size] = problem;
    else files.push([size, file]);
  }
  if (files.length === 0 && Object.keys(problems).length === 0) return { problems, none: true };
  // one bad file and nothing is sent: the operator uploads the set again as they meant it
  if (Object.keys(problems).length > 0) return { problems, none: false };
  const back = brandPath(siteId, "icons");
  for (const [size, file] of files) {
    const result = await bo.operators.call("operatorPutIcon", {
      params: { siteId, size },
      body: {},
      file: new Blob([await file.arrayBuffer()], { type: "image/png" }),
    });
    if (!result.ok) noticeAndBack(bo, result, "", back);
  }
  noticeAndBack(bo, { ok: true, data: null }, "brand.icons.saved", back);
}

export default function IconsPage() {
  const { siteId, maxKb } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("backoffice");
  const problems: Partial<Record<IconSize, Problem>> = answer?.problems ?? {};
  return (
    <section aria-labelledby="icons-title">
      <h2 id="icons-title">{t("brand.icons.title")}</h2>
      <p className="bo-hint">{t("brand.icons.about")}</p>
      <ul className="bo-icons">
        {ICON_SIZES.map((size) => (
          <li key={size}>
            <img
              src={`${brandPath(siteId)}/icon/${size}`}
              width={size === "512" ? 128 : 96}
              height={size === "512" ? 128 : 96}
              alt={t("brand.icons.current", { size })}
            />
            <span>{t(`brand.icons.use.${size}`)}</span>
          </li>
        ))}
      </ul>
      {answer ? (
        <p role="alert" className="bo-notice bo-notice-error" data-testid="icons-errors">
          {answer.none ? t("brand.icons.none_chosen") : t("brand.icons.not_sent")}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="bo-form bo-brand-form" noValidate>
        <CsrfInput />
        <fieldset className="bo-fieldset">
          <legend>{t("brand.icons.upload")}</legend>
          {ICON_SIZES.map((size) => {
            const id = `icon-${size}`;
            const problem = problems[size];
            const error = problem ? `${id}-error` : undefined;
            return (
              <div key={size} className="bo-field">
                <label htmlFor={id}>{t("brand.icons.file", { size })}</label>
                <input
                  type="file"
                  id={id}
                  name={`icon${size}`}
                  accept="image/png"
                  aria-describedby={error ? `${id}-hint ${error}` : `${id}-hint`}
                  aria-invalid={error ? true : undefined}
                />
                <p id={`${id}-hint`} className="bo-hint">
                  {t("brand.icons.file_hint", { size, kb: maxKb })}
                </p>
                {error ? (
                  <p id={error} className="bo-field-error">
                    {t(`brand.icons.problem.${problem!}`, { size, kb: maxKb })}
                  </p>
                ) : null}
              </div>
            );
          })}
          <button type="submit" className="button button-primary">
            {t("brand.icons.send")}
          </button>
        </fieldset>
      </Form>
      <h3>{t("brand.icons.render_title")}</h3>
      <p>{t("brand.icons.render")}</p>
      <pre className="bo-command">
        <code>{`npm run operator -- icons ${siteId} --out icons/`}</code>
      </pre>
      <p className="bo-hint">{t("brand.icons.render_hint")}</p>
    </section>
  );
}
