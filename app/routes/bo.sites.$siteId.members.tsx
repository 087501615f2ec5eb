import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { AuditTable } from "~/backoffice/audit-table";
import { LOOKUP_BY, lookupByOf, lookupQuery } from "~/backoffice/lookup";
import { MemberView } from "~/backoffice/member-view";
import { backOffice, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { sectionRoles } from "~/backoffice/sections";
import { requireSiteFacts } from "~/backoffice/site.server";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";
import { CALLS } from "../../server/contract";

export const handle = {
  i18n: ["backoffice", "money", "account", "contract", "game"],
  titleKey: "backoffice:menu.members",
} satisfies RouteHandle;

/**
 * Support's lookup (a GET form: the URL is the member's page, which other pages link to by id) and
 * the member it finds: balances, open bets and positions, money, limits and breaks, messages and
 * the audit entries naming them, all read at one moment by one platform call (operatorFindMember),
 * which the platform audits naming the operator and the member.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("members") });
  const bo = backOffice(context);
  const facts = await requireSiteFacts(bo, siteId);
  const url = new URL(request.url);
  const by = lookupByOf(url.searchParams.get("by"));
  const q = (url.searchParams.get("q") ?? "").trim();
  const asked = { siteId, facts, by, q };
  if (q === "") return { ...asked, member: null, threads: null, error: null };
  const query = CALLS.operatorFindMember.query.safeParse(lookupQuery(by, q));
  if (!query.success) return { ...asked, member: null, threads: null, error: "messages:account_not_found" as const };
  const found = await bo.operators.call("operatorFindMember", { params: { siteId }, query: query.data });
  if (!found.ok) return { ...asked, member: null, threads: null, error: `messages:${found.code}` as const };
  // the member's threads, to open from here (a list: reading it is not an action the log keeps)
  const threads = await bo.operators.call("operatorMessages", { params: { siteId }, query: { status: "all" } });
  return {
    ...asked,
    member: found.data,
    threads: threads.ok ? threads.data.filter((m) => m.memberId === found.data.memberId) : null,
    error: null,
  };
}

export default function Members() {
  const { siteId, facts, by, q, member, threads, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation("backoffice");
  const id = useId();
  return (
    <>
      <h1>{t("menu.members")}</h1>
      <Form method="get" className="bo-search" role="search" aria-label={t("members.lookup")}>
        <label htmlFor={`${id}-by`}>
          {t("members.by")}
          <select id={`${id}-by`} name="by" defaultValue={by}>
            {LOOKUP_BY.map((b) => (
              <option key={b} value={b}>
                {t(`members.by_${b}`)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-q`}>
          {t("members.query")}
          <input
            id={`${id}-q`}
            name="q"
            defaultValue={q}
            required
            autoCapitalize="none"
            spellCheck={false}
            aria-describedby={`${id}-hint`}
            aria-invalid={error ? true : undefined}
          />
        </label>
        <button type="submit" className="button button-primary">
          {t("members.find")}
        </button>
      </Form>
      <p id={`${id}-hint`} className="bo-hint">
        {t("members.hint")}
      </p>
      {error ? <p role="alert">{t(error)}</p> : null}
      {member ? (
        <MemberView siteId={siteId} currency={facts.currency} member={member} threads={threads}>
          <AuditTable entries={member.audit} label={t("members.audit")} />
        </MemberView>
      ) : null}
    </>
  );
}
