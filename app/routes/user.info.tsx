import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { InfoForm, MobileVerification } from "~/components/account/info-form";
import { requireMember } from "~/utils/auth.server";
import { changedInfo, infoSchema, type EditableInfo } from "~/utils/account-schemas.server";
import { messageKey } from "~/utils/messages";
import type { PlayerInfo } from "../../server/contract";
import type { RouteHandle } from "~/utils/translation-keys";
import { failureStatus } from "~/utils/failure-status";

export const handle = { titleKey: "account:info.title", i18n: ["account"] } satisfies RouteHandle;

const NO_INFO: EditableInfo = { realName: "", email: "", areaCode: "", mobile: "" };

function editable(info: PlayerInfo): EditableInfo {
  return { realName: info.realName, email: info.email, areaCode: info.areaCode, mobile: info.mobile };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const info = await context.platform.call("playerInfo");
  return json(
    {
      areaCodes: context.site.localsOptions,
      info: info.ok
        ? { account: info.data.account, mobileVerified: info.data.mobileVerified, ...editable(info.data) }
        : null,
      error: info.ok ? null : info.code,
    },
    // a call that failed after its retry answers 400, other failures keep theirs (app/README.md, "Failure statuses")
    { status: info.ok ? 200 : info.status },
  );
}

/**
 * Checked against the member's information as it is now (not as the page showed it): the
 * unchanged form is refused before the platform is asked, and only changed fields are sent.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const [formData, info] = await Promise.all([request.formData(), context.platform.call("playerInfo")]);
  const current = info.ok ? editable(info.data) : NO_INFO;
  const submission = parseWithZod(formData, {
    schema: infoSchema(context.site.localsOptions, current, formData.get("areaCode")),
  });
  if (!info.ok) {
    return json(submission.reply({ formErrors: ["account:info.update_failed", messageKey(info.code)] }), {
      status: failureStatus(info.status),
    });
  }
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });

  const result = await context.platform.call("updatePlayerInfo", { body: changedInfo(submission.value, current) });
  // Only changes are sent, so "no update" means the data is already as asked: an attempt whose
  // answer was lost saved it, and the client's retry found it done.
  if (!result.ok && result.code !== "no_user_data_update") {
    const formErrors = ["account:info.update_failed", messageKey(result.code)];
    return json(submission.reply({ formErrors }), { status: failureStatus(result.status) });
  }
  context.session.flashToast({ kind: "success", key: "info_update_success" });
  return redirect("/user/info");
}

export default function MemberInfo() {
  const { areaCodes, info, error } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <div className="account-page">
      <h1>{t("info.title")}</h1>
      {error ? (
        <p role="alert" className="error-list">
          {t(messageKey(error))}
        </p>
      ) : null}
      {info ? (
        <>
          <dl className="account-facts card">
            <div>
              <dt>{t("common:fields.account")}</dt>
              <dd data-testid="account">{info.account}</dd>
            </div>
            <div>
              <dt>{t("info.mobile_status")}</dt>
              <dd>
                <MobileVerification verified={info.mobileVerified} />
              </dd>
            </div>
          </dl>
          <InfoForm
            // a saved change is the form's new starting point
            key={`${info.realName}|${info.email}|${info.areaCode}|${info.mobile}`}
            areaCodes={areaCodes}
            current={{ realName: info.realName, email: info.email, areaCode: info.areaCode, mobile: info.mobile }}
            lastResult={lastResult}
          />
        </>
      ) : null}
    </div>
  );
}
