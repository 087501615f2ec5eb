import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { NavItem } from "~/components/nav-item";
import { useTranslation } from "~/utils/translator";
import { requireMember } from "~/utils/auth.server";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "user.title", i18n: ["money", "records", "bank", "account", "support"] } satisfies RouteHandle;

const MEMBER_LINKS = [
  ["/user", "user.nav_home"],
  ["/user/gamePage", "user.nav_game"],
  ["/user/deposit", "user.nav_deposit"],
  ["/user/transfer", "user.nav_transfer"],
  ["/user/withdraw", "user.nav_withdraw"],
  ["/user/bank", "user.nav_bank"],
  ["/user/record", "user.nav_record"],
  ["/user/info", "user.nav_info"],
  ["/user/setting", "user.nav_setting"],
  ["/user/smsVerify", "user.nav_sms"],
  ["/user/message", "user.nav_message"],
  ["/user/news", "user.nav_news"],
  ["/user/activity", "user.nav_activity"],
  ["/user/help", "user.nav_help"],
  ["/user/download", "user.nav_download"],
] as const;

/** The member center: signed-in members only (server/site/README.md, "Auth guard"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  return null;
}

export default function MemberCenter() {
  const { t } = useTranslation();
  return (
    <div className="member-center">
      <nav aria-label={t("user.nav_label")} className="member-nav">
        {MEMBER_LINKS.map(([to, key]) => (
          <NavItem key={to} to={to} end>
            {t(key)}
          </NavItem>
        ))}
      </nav>
      <div className="member-content">
        <Outlet />
      </div>
    </div>
  );
}
