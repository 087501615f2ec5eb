import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NavLink, Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireMember } from "~/utils/auth.server";

export const handle = { titleKey: "user.title", i18n: ["money", "records", "bank"] };

const MEMBER_LINKS = [
  ["/user", "user.nav_home"],
  ["/user/deposit", "user.nav_deposit"],
  ["/user/transfer", "user.nav_transfer"],
  ["/user/withdraw", "user.nav_withdraw"],
  ["/user/bank", "user.nav_bank"],
  ["/user/record", "user.nav_record"],
] as const;

/** The member center: signed-in members only (spec §2). */
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
          <NavLink key={to} to={to} end>
            {t(key)}
          </NavLink>
        ))}
      </nav>
      <div className="member-content">
        <Outlet />
      </div>
    </div>
  );
}
