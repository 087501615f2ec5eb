import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NavLink, Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireMember } from "~/utils/auth.server";

export const handle = { titleKey: "user.title" };

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
        <NavLink to="/user" end>
          {t("user.nav_home")}
        </NavLink>
      </nav>
      <div className="member-content">
        <Outlet />
      </div>
    </div>
  );
}
