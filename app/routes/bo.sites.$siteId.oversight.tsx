import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { AuditTable } from "~/backoffice/audit-table";
import { useFormats } from "~/backoffice/item-facts";
import { backOffice, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { auditSearchOf, dayOf } from "~/backoffice/oversight.server";
import { boPaths, sectionRoles } from "~/backoffice/sections";
import { requireSiteFacts } from "~/backoffice/site.server";
import { BoTable } from "~/backoffice/table";
import { Filled } from "~/components/filled";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";
import { AUDIT_TYPES, EXPORT_KINDS } from "../../server/contract/audit-kinds";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:menu.oversight" } satisfies RouteHandle;

/**
 * Finance's and admin's view of a site (decision 036): a day's totals from the ledgers, open
 * interest and the house's exposure per pair, the audit log searched (a GET form, paged), and the
 * day's accounting files to download. Every figure is the platform's, read with the operator's key.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  const self = await requireOperator(context, { siteId, roles: sectionRoles("oversight") });
  const bo = backOffice(context);
  const url = new URL(request.url);
  const { day, invalid: dayInvalid } = dayOf(url.searchParams.get("day"));
  const { search, query } = auditSearchOf(url.searchParams);
  const [facts, totals, interest, audit] = await Promise.all([
    requireSiteFacts(bo, siteId),
    bo.operators.call("operatorSiteDay", { params: { siteId, day } }),
    bo.operators.call("operatorOpenInterest", { params: { siteId } }),
    query ? bo.operators.call("operatorAudit", { params: { siteId }, query }) : null,
  ]);
  return {
    siteId,
    facts,
    day,
    dayInvalid,
    self: { id: self.id, admin: self.roles.includes("admin") },
    totals: totals.ok ? totals.data : null,
    interest: interest.ok ? interest.data : null,
    search,
    searchInvalid: query === null,
    audit: audit?.ok ? audit.data : null,
  };
}

export default function Oversight() {
  const { siteId, facts, day, dayInvalid, self, totals, interest, search, searchInvalid, audit } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation("backoffice");
  const { money } = useFormats(facts.currency);
  const id = useId();
  const here = boPaths.site(siteId, "oversight");
  const pages = audit ? Math.max(1, Math.ceil(audit.total / audit.pageSize)) : 1;
  const pageLink = (page: number) => {
    const q = new URLSearchParams({ day });
    for (const [k, v] of Object.entries(search)) if (k !== "page" && v !== "") q.set(k, String(v));
    q.set("page", String(page));
    return `${here}?${q.toString()}#bo-audit`;
  };
  const sum = (s: { count: number; amount: number }) => (
    <Filled text={t("oversight.sum")} slots={{ amount: money(s.amount), count: s.count }} />
  );
  return (
    <>
      <h1>{t("menu.oversight")}</h1>

      <section className="bo-section">
        <h2 id="bo-day">{t("oversight.day_title", { day })}</h2>
        <Form method="get" className="bo-search">
          <label htmlFor={`${id}-day`}>
            {t("oversight.day")}
            <input
              id={`${id}-day`}
              name="day"
              type="date"
              defaultValue={day}
              required
              aria-invalid={dayInvalid || undefined}
            />
          </label>
          <button type="submit" className="button">
            {t("oversight.show")}
          </button>
        </Form>
        {dayInvalid ? <p role="alert">{t("oversight.day_invalid")}</p> : null}
        {totals === null ? (
          <p role="alert">{t("oversight.unavailable")}</p>
        ) : (
          <>
            <dl className="bo-facts bo-figures">
              <div>
                <dt>{t("oversight.deposits")}</dt>
                <dd>{sum(totals.deposits)}</dd>
              </div>
              <div>
                <dt>{t("oversight.withdrawals")}</dt>
                <dd>{sum(totals.withdrawals)}</dd>
              </div>
              <div>
                <dt>{t("oversight.bets")}</dt>
                <dd>{sum(totals.bets)}</dd>
              </div>
              <div>
                <dt>{t("oversight.net")}</dt>
                <dd>{money(totals.net)}</dd>
              </div>
            </dl>
            <p className="bo-hint">{t("oversight.net_hint")}</p>
            <p className="bo-hint">{t("oversight.active", { count: totals.activeMembers })}</p>
          </>
        )}
      </section>

      <section className="bo-section">
        <h2 id="bo-interest">{t("oversight.interest_title")}</h2>
        {interest === null ? (
          <p role="alert">{t("oversight.unavailable")}</p>
        ) : (
          <>
            <BoTable
              label={t("oversight.interest_title")}
              columns={[
                "members.pair",
                "oversight.long",
                "oversight.short",
                "oversight.net_notional",
                "oversight.limit_used",
                "oversight.house_exposure",
                "oversight.margin",
              ]}
              rows={interest.map((p) => ({
                key: p.pair,
                cells: [
                  p.closeOnly ? t("oversight.close_only", { pair: p.pair }) : p.pair,
                  <Filled
                    text={t("oversight.side_sum")}
                    slots={{ amount: money(p.longNotional), count: p.longPositions }}
                  />,
                  <Filled
                    text={t("oversight.side_sum")}
                    slots={{ amount: money(p.shortNotional), count: p.shortPositions }}
                  />,
                  <span className="bo-num">{money(p.netNotional)}</span>,
                  p.limit > 0
                    ? t("oversight.percent", {
                        n: Math.round(((p.longNotional + p.shortNotional) * 100) / p.limit),
                      })
                    : "—",
                  <span className="bo-num">{money(0 - p.unrealizedPnl)}</span>,
                  <span className="bo-num">{money(p.margin)}</span>,
                ],
              }))}
              empty="oversight.no_pairs"
              wrap
            />
            <p className="bo-hint">{t("oversight.exposure_hint")}</p>
          </>
        )}
      </section>

      <section className="bo-section">
        <h2 id="bo-audit">{t("oversight.audit_title")}</h2>
        <Form method="get" className="bo-search" role="search" aria-label={t("oversight.audit_title")}>
          <input type="hidden" name="day" value={day} />
          <label htmlFor={`${id}-operator`}>
            {t("oversight.operator")}
            <input
              id={`${id}-operator`}
              name="operator"
              defaultValue={search.operator}
              autoCapitalize="none"
              spellCheck={false}
            />
          </label>
          <label htmlFor={`${id}-type`}>
            {t("oversight.type")}
            <select id={`${id}-type`} name="type" defaultValue={search.type}>
              <option value="">{t("oversight.any_type")}</option>
              {AUDIT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`audit_type.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={`${id}-account`}>
            {t("oversight.account")}
            <input
              id={`${id}-account`}
              name="account"
              defaultValue={search.account}
              autoCapitalize="none"
              spellCheck={false}
            />
          </label>
          <label htmlFor={`${id}-from`}>
            {t("oversight.from")}
            <input id={`${id}-from`} name="from" type="date" defaultValue={search.from} />
          </label>
          <label htmlFor={`${id}-to`}>
            {t("oversight.to")}
            <input id={`${id}-to`} name="to" type="date" defaultValue={search.to} />
          </label>
          <button type="submit" className="button button-primary">
            {t("oversight.search")}
          </button>
        </Form>
        <p>
          <Link to={`${here}?${new URLSearchParams({ day, operator: self.id }).toString()}#bo-audit`}>
            {t("oversight.mine")}
          </Link>
        </p>
        {searchInvalid ? (
          <p role="alert">{t("oversight.search_invalid")}</p>
        ) : audit === null ? (
          <p role="alert">{t("oversight.unavailable")}</p>
        ) : (
          <>
            <p aria-live="polite">{t("oversight.results", { count: audit.total })}</p>
            <AuditTable entries={audit.items} label={t("oversight.audit_title")} />
            {pages > 1 ? (
              <nav className="bo-pages" aria-label={t("oversight.pages")}>
                {audit.page > 1 ? <Link to={pageLink(audit.page - 1)}>{t("oversight.newer")}</Link> : null}
                <span>{t("oversight.page", { page: audit.page, pages })}</span>
                {audit.page < pages ? <Link to={pageLink(audit.page + 1)}>{t("oversight.older")}</Link> : null}
              </nav>
            ) : null}
          </>
        )}
      </section>

      <section className="bo-section">
        <h2 id="bo-exports">{t("oversight.exports_title")}</h2>
        <p className="bo-hint">{t("oversight.exports_hint")}</p>
        <Form method="get" action={boPaths.site(siteId, "oversight/export")} className="bo-search" reloadDocument>
          <label htmlFor={`${id}-export-day`}>
            {t("oversight.day")}
            <input id={`${id}-export-day`} name="day" type="date" defaultValue={day} required />
          </label>
          <label htmlFor={`${id}-kind`}>
            {t("oversight.file")}
            <select id={`${id}-kind`} name="kind" defaultValue="ledger">
              {EXPORT_KINDS.filter((kind) => kind !== "audit" || self.admin).map((kind) => (
                <option key={kind} value={kind}>
                  {t(`export_kind.${kind}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button-primary">
            {t("oversight.download")}
          </button>
        </Form>
      </section>
    </>
  );
}
