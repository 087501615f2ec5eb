import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, Outlet, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { BackOfficeBar, BackOfficeNoticeLine } from "~/backoffice/frame";
import { backOffice, requireOperator, type RefusalReason } from "~/backoffice/operator.server";
import { boPaths } from "~/backoffice/sections";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";
import styles from "~/backoffice/backoffice.css";

/**
 * The back office's layout (app/backoffice/README.md): every /bo page is inside it. Its stylesheet
 * is linked here, so only back-office pages load it; nothing here is imported by a member page.
 */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:title" } satisfies RouteHandle;

export async function loader({ context }: LoaderFunctionArgs) {
  const bo = backOffice(context);
  // signed out, only the sign-in page opens; each page's own loader sends anyone else there
  const operator = bo.session.signedIn ? await requireOperator(context) : null;
  return { operator, notice: bo.session.takeNotice() ?? null, locale: context.locale };
}

export default function BackOffice() {
  const { operator, notice, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation("backoffice");
  const { pathname, search } = useLocation();
  return (
    <div className="bo">
      <a href="#bo-main" className="skip-link">
        {t("skip")}
      </a>
      <BackOfficeBar operator={operator} locale={locale} here={pathname + search} />
      <BackOfficeNoticeLine notice={notice} />
      <Outlet />
    </div>
  );
}

/** A refusal (403: a role or site the operator lacks), a page that is not there, or a failure, worded. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("backoffice");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const reason = isRouteErrorResponse(error) ? (error.data as { reason?: RefusalReason } | null)?.reason : undefined;
  const title =
    status === 403 ? t("refused.title") : status === 404 ? t("refused.not_found") : t("common:errors.server_title");
  const body =
    status === 403
      ? t(reason === "site" ? "refused.site" : reason === "platform" ? "refused.platform" : "refused.role")
      : status === 404
        ? null
        : t("common:errors.server_body");
  return (
    <div className="bo">
      <main id="bo-main" className="bo-main bo-refused">
        <h1>{title}</h1>
        {body ? <p>{body}</p> : null}
        <p>
          <Link to={boPaths.home}>{t("refused.back")}</Link>
        </p>
      </main>
    </div>
  );
}
