import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { InstructionList, InstructionTabs } from "~/components/support/instruction-view";
import { QueryFailed } from "~/components/support/query-failed";
import { ReturnsSection } from "~/components/support/returns-table";
import { toLocaleId } from "~/i18n";
import { requireMember } from "~/utils/auth.server";
import { messageKey } from "~/utils/messages";
import { parseInstructionType } from "~/utils/support-schemas.server";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "support:help.title", i18n: ["support", "game"] } satisfies RouteHandle;

/**
 * The site's instructions of a type (`?type=`, "help" by default): help, deposit help, the rules.
 * The rules also show each option's return to player (the platform's `gameReturns`, asked at the
 * same time; a failure there leaves the instructions standing).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const type = parseInstructionType(new URL(request.url).searchParams);
  const [result, returns] = await Promise.all([
    context.platform.call("instruction", {
      params: { siteId: context.siteId },
      query: { lang: toLocaleId(context.locale), type },
    }),
    type === "rules" ? context.platform.call("gameReturns", { params: { siteId: context.siteId } }) : null,
  ]);
  const tables = returns === null ? undefined : returns.ok ? returns.data : null;
  if (!result.ok) return json({ type, items: null, error: messageKey(result.code), tables }, { status: result.status });
  return json({ type, items: result.data, error: null, tables });
}

export default function Help() {
  const { type, items, error, tables } = useLoaderData<typeof loader>();
  const { t } = useTranslation("support");
  return (
    <div className="support-page">
      <h1>{t("help.title")}</h1>
      <InstructionTabs current={type} />
      {error ? <QueryFailed titleKey="help.query_failed" messageKey={error} /> : null}
      {items ? <InstructionList items={items} /> : null}
      {tables !== undefined ? <ReturnsSection tables={tables} /> : null}
    </div>
  );
}
