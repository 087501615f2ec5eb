import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { ChatLink, MemberMessagesLink, SocialLinks } from "~/components/support/contact-options";
import { isWebUrl } from "#rules/links";
import { QueryFailed } from "~/components/support/query-failed";
import { readPlainCookie, REFERRER_PATTERN } from "~/utils/cookies";
import { messageKey } from "~/utils/messages";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "support:contact.title", i18n: ["support"] } satisfies RouteHandle;

/**
 * Contact us (public): the customer-service chat, with the visitor's stored referrer code passed
 * on so an agent sees who referred them; members also get their messages; the site's social links.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const stored = readPlainCookie(request, "referrerCode")?.replace(/\s+/g, "");
  const referrer = stored && REFERRER_PATTERN.test(stored) ? stored : undefined;
  const result = await context.platform.call("chatbox", { params: { siteId: context.siteId }, query: { referrer } });
  const social = context.site.socialOptions.filter((o) => isWebUrl(o.url));
  const member = context.session.signedIn;
  if (!result.ok)
    return json({ chatLink: null, error: messageKey(result.code), social, member }, { status: result.status });
  const chatLink = isWebUrl(result.data) ? result.data : null;
  return json({ chatLink, error: null, social, member });
}

export default function Contact() {
  const { chatLink, error, social, member } = useLoaderData<typeof loader>();
  const { t } = useTranslation("support");
  return (
    <div className="support-page">
      <h1>{t("contact.title")}</h1>
      <p className="lead">{t("contact.intro")}</p>
      {error ? <QueryFailed titleKey="contact.query_failed" messageKey={error} /> : <ChatLink href={chatLink} />}
      {member ? <MemberMessagesLink /> : null}
      <SocialLinks options={social} />
    </div>
  );
}
