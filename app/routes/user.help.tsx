import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { InstructionList, InstructionTabs } from "~/components/support/instruction-view";
import { QueryFailed } from "~/components/support/query-failed";
import { toLocaleId } from "~/i18n";
import { requireMember } from "~/utils/auth.server";
import { messageKey } from "~/utils/messages";
import { parseInstructionType } from "~/utils/support-schemas.server";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "support:help.title", i18n: ["support"] } satisfies RouteHandle;

/** The site's instructions of a type (`?type=`, "help" by default): help, deposit help, the rules. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const type = parseInstructionType(new URL(request.url).searchParams);
  const result = await context.platform.call("instruction", {
    params: { siteId: context.siteId },
    query: { lang: toLocaleId(context.locale), type },
  });
  if (!result.ok) return json({ type, items: null, error: messageKey(result.code) }, { status: result.status });
  return json({ type, items: result.data, error: null });
}

export default function Help() {
  const { type, items, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation("support");
  return (
    <div className="support-page">
      <h1>{t("help.title")}</h1>
      <InstructionTabs current={type} />
      {error ? <QueryFailed titleKey="help.query_failed" messageKey={error} /> : null}
      {items ? <InstructionList items={items} /> : null}
    </div>
  );
}
