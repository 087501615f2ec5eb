import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { OPTION_KINDS } from "~/backoffice/brand/deposit-option-fields";
import { checkedPatch, movePatch, optionsVersion, removePatch } from "~/backoffice/brand/deposit-options.server";
import { brandPath } from "~/backoffice/brand/tabs";
import { backOffice, noticeAndBack, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { sectionRoles } from "~/backoffice/sections";
import { CsrfInput } from "~/components/csrf-input";
import { Filled } from "~/components/filled";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";
import { depositAddressesBody, depositXpubBody, type DepositAddressPool } from "../../server/contract";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:brand.tab.deposits" } satisfies RouteHandle;

/** A crypto option that hands out addresses per member or per deposit: it has a pool or an xpub. */
const pooled = (o: { kind: string; crypto?: { assign: string } }) => o.kind === "crypto" && o.crypto?.assign !== "site";

/**
 * The site's deposit options (site info) in the order members see them: edit one (its own page,
 * deposits/option), add one, move one up or down, remove one after a confirmation; and for each crypto option that hands out addresses
 * where they come from and how many are left (operatorDepositAddresses): load addresses into its
 * pool (finance, as the CLI's `addresses`) or derive them from an xpub (admin, `xpub`).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const bo = backOffice(context);
  const info = await bo.operators.siteInfo(siteId);
  if (!info.ok) throw new Response(null, { status: info.status === 404 ? 404 : 503 });
  const options = await Promise.all(
    info.data.depositOptions.map(async (o) => {
      if (!pooled(o)) return { option: o, pool: null, refused: null };
      const view = await bo.operators.call("operatorDepositAddresses", {
        params: { siteId, optionId: o.id },
        query: { pageSize: 1 },
      });
      const pool: DepositAddressPool | null = view.ok
        ? {
            optionId: o.id,
            source: view.data.source,
            xpub: view.data.xpub,
            free: view.data.free,
            assigned: view.data.assigned,
            derived: view.data.derived,
          }
        : null;
      return { option: o, pool, refused: view.ok ? null : view.code };
    }),
  );
  // ?remove=<id>: the confirmation of that option's removal, drawn above the list
  const removing = new URL(request.url).searchParams.get("remove");
  const confirm = info.data.depositOptions.find((o) => o.id === removing) ?? null;
  return { siteId, options, version: optionsVersion(info.data), confirm };
}

type Answer = { optionId: string; error: "addresses" | "xpub" };

/**
 * Moving or removing an option: the whole list is sent back (put-site), so a page drawn before
 * someone else's change is refused (`changed`) rather than undoing that change.
 */
async function changeList(
  bo: ReturnType<typeof backOffice>,
  siteId: string,
  form: FormData,
  optionId: string,
): Promise<never> {
  const back = brandPath(siteId, "deposits");
  const info = await bo.operators.siteInfo(siteId);
  if (!info.ok) noticeAndBack(bo, info, "", back);
  if (String(form.get("version") ?? "") !== optionsVersion(info.data)) {
    bo.session.flash({ kind: "error", key: "brand.options.changed" });
    throw redirect(back);
  }
  const intent = form.get("intent");
  const patch =
    intent === "remove"
      ? removePatch(info.data, optionId)
      : movePatch(info.data, optionId, intent === "move-up" ? "up" : "down");
  const checked = patch && checkedPatch(patch);
  if (!checked || !info.data.depositOptions.some((o) => o.id === optionId)) throw redirect(back);
  const result = await bo.operators.call("operatorPutSite", { params: { siteId }, body: checked });
  noticeAndBack(bo, result, intent === "remove" ? "brand.options.removed" : "brand.options.moved", back);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const bo = backOffice(context);
  const form = await request.formData();
  const optionId = String(form.get("optionId") ?? "");
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(optionId)) throw new Response(null, { status: 400 });
  const back = brandPath(siteId, "deposits");
  const intent = form.get("intent");
  if (intent === "remove" || intent === "move-up" || intent === "move-down")
    await changeList(bo, siteId, form, optionId);
  if (intent === "xpub") {
    const body = depositXpubBody.safeParse({ xpub: String(form.get("xpub") ?? "") });
    if (!body.success) return { optionId, error: "xpub" } satisfies Answer;
    const result = await bo.operators.call("operatorSetDepositXpub", { params: { siteId, optionId }, body: body.data });
    noticeAndBack(bo, result, "brand.deposits.xpub_set", back);
  }
  // one address a line; blank lines and surrounding spaces do not count
  const addresses = String(form.get("addresses") ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const body = depositAddressesBody.safeParse({ addresses });
  if (!body.success) return { optionId, error: "addresses" } satisfies Answer;
  const result = await bo.operators.call("operatorAddDepositAddresses", {
    params: { siteId, optionId },
    body: body.data,
  });
  noticeAndBack(bo, result, "brand.deposits.loaded", back);
}

export default function DepositsPage() {
  const { siteId, options, version, confirm } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("backoffice");
  const here = brandPath(siteId, "deposits");
  const editor = `${here}/option`;
  return (
    <section aria-labelledby="deposits-title">
      <h2 id="deposits-title">{t("brand.deposits.title")}</h2>
      <p className="bo-hint">{t("brand.deposits.about")}</p>
      {confirm ? (
        <section aria-labelledby="remove-title" className="bo-notice bo-confirm" data-testid="remove-confirm">
          <h3 id="remove-title">{t("brand.options.remove_title", { name: confirm.name })}</h3>
          <p>{t("brand.options.remove_members")}</p>
          <p>{t("brand.options.remove_pending")}</p>
          {confirm.kind === "crypto" ? <p>{t("brand.options.remove_pool")}</p> : null}
          <Form method="post" action={here} className="bo-actions">
            <CsrfInput />
            <input type="hidden" name="optionId" value={confirm.id} />
            <input type="hidden" name="version" value={version} />
            <button type="submit" name="intent" value="remove" className="button button-primary">
              {t("brand.options.remove_confirm")}
            </button>
            <Link to={here} className="button">
              {t("brand.options.keep")}
            </Link>
          </Form>
        </section>
      ) : null}
      {options.length === 0 ? <p>{t("brand.options.none")}</p> : null}
      <ol className="bo-queue bo-options">
        {options.map(({ option, pool, refused }, index) => {
          const error = answer?.optionId === option.id ? answer.error : null;
          return (
            <li key={option.id} className="bo-item" data-testid={`option-${option.id}`}>
              <h3>{option.name}</h3>
              <p className="bo-hint">
                <Filled
                  text={t(`brand.deposits.kind.${option.kind}`)}
                  slots={{
                    id: <code>{option.id}</code>,
                    asset: option.crypto?.asset ?? "",
                    network: option.crypto?.network ?? "",
                  }}
                />
              </p>
              <div className="bo-actions bo-option-actions">
                <Link to={`${editor}?id=${encodeURIComponent(option.id)}`} className="button button-small">
                  {t("brand.options.edit")}
                </Link>
                <Form method="post" className="bo-inline-form">
                  <CsrfInput />
                  <input type="hidden" name="optionId" value={option.id} />
                  <input type="hidden" name="version" value={version} />
                  <button
                    type="submit"
                    name="intent"
                    value="move-up"
                    className="button button-small"
                    disabled={index === 0}
                    aria-label={t("brand.options.move_up_one", { name: option.name })}
                  >
                    {t("brand.options.move_up")}
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="move-down"
                    className="button button-small"
                    disabled={index === options.length - 1}
                    aria-label={t("brand.options.move_down_one", { name: option.name })}
                  >
                    {t("brand.options.move_down")}
                  </button>
                </Form>
                <Link
                  to={`${here}?remove=${encodeURIComponent(option.id)}`}
                  className="button button-small"
                  aria-label={t("brand.options.remove_one", { name: option.name })}
                >
                  {t("brand.options.remove")}
                </Link>
              </div>
              {refused ? <p role="alert">{t(`messages:${refused}` as "messages:invalid_permission")}</p> : null}
              {pool ? (
                <>
                  <p data-testid={`pool-${option.id}`}>
                    {pool.source === "xpub"
                      ? t("brand.deposits.from_xpub", { count: pool.derived })
                      : t("brand.deposits.from_pool", { free: pool.free, assigned: pool.assigned })}
                  </p>
                  {pool.source === "pool" ? (
                    <Form method="post" className="bo-form">
                      <CsrfInput />
                      <input type="hidden" name="optionId" value={option.id} />
                      <label htmlFor={`addresses-${option.id}`}>{t("brand.deposits.addresses")}</label>
                      <textarea
                        id={`addresses-${option.id}`}
                        name="addresses"
                        rows={4}
                        spellCheck={false}
                        aria-describedby={`addresses-${option.id}-hint`}
                        aria-invalid={error === "addresses" ? true : undefined}
                      />
                      <p id={`addresses-${option.id}-hint`} className="bo-hint">
                        {t("brand.deposits.addresses_hint")}
                      </p>
                      {error === "addresses" ? (
                        <p className="bo-field-error" role="alert">
                          {t("brand.deposits.addresses_invalid")}
                        </p>
                      ) : null}
                      <button type="submit" name="intent" value="addresses" className="button">
                        {t("brand.deposits.load")}
                      </button>
                    </Form>
                  ) : null}
                  <Form method="post" className="bo-form">
                    <CsrfInput />
                    <input type="hidden" name="optionId" value={option.id} />
                    <label htmlFor={`xpub-${option.id}`}>{t("brand.deposits.xpub")}</label>
                    <input
                      id={`xpub-${option.id}`}
                      name="xpub"
                      defaultValue={pool.xpub ?? ""}
                      autoComplete="off"
                      spellCheck={false}
                      aria-describedby={`xpub-${option.id}-hint`}
                      aria-invalid={error === "xpub" ? true : undefined}
                    />
                    <p id={`xpub-${option.id}-hint`} className="bo-hint">
                      {t("brand.deposits.xpub_hint")}
                    </p>
                    {error === "xpub" ? (
                      <p className="bo-field-error" role="alert">
                        {t("brand.deposits.xpub_invalid")}
                      </p>
                    ) : null}
                    <button type="submit" name="intent" value="xpub" className="button">
                      {t("brand.deposits.set_xpub")}
                    </button>
                  </Form>
                </>
              ) : null}
            </li>
          );
        })}
      </ol>
      <h3>{t("brand.options.add_title")}</h3>
      <ul className="bo-add-options">
        {OPTION_KINDS.map((kind) => (
          <li key={kind}>
            <Link to={`${editor}?kind=${kind}`}>{t(`brand.options.add.${kind}`)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
