import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
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
 * The site's deposit options (site info), and for each crypto option that hands out addresses
 * where they come from and how many are left (operatorDepositAddresses): load addresses into its
 * pool (finance, as the CLI's `addresses`) or derive them from an xpub (admin, `xpub`).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
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
  return { siteId, options };
}

type Answer = { optionId: string; error: "addresses" | "xpub" };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const bo = backOffice(context);
  const form = await request.formData();
  const optionId = String(form.get("optionId") ?? "");
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(optionId)) throw new Response(null, { status: 400 });
  const back = brandPath(siteId, "deposits");
  if (form.get("intent") === "xpub") {
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
  const { options } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("backoffice");
  return (
    <section aria-labelledby="deposits-title">
      <h2 id="deposits-title">{t("brand.deposits.title")}</h2>
      <p className="bo-hint">{t("brand.deposits.about")}</p>
      <ul className="bo-queue">
        {options.map(({ option, pool, refused }) => {
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
      </ul>
      <p className="bo-hint">{t("brand.deposits.options_cli")}</p>
    </section>
  );
}
