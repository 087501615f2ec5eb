import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { requireMember } from "~/utils/auth.server";
import { formatMoney } from "~/utils/money";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "user.title" } satisfies RouteHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const [info, wallets] = await Promise.all([context.platform.call("playerInfo"), context.platform.call("wallets")]);
  const failed = !info.ok ? info : !wallets.ok ? wallets : null;
  return json(
    {
      info: info.ok ? { account: info.data.account, realName: info.data.realName, inviteCode: info.data.inviteCode } : null,
      wallets: wallets.ok ? wallets.data : null,
      error: failed?.code ?? null,
    },
    // a call that failed after its retry answers 400, other failures keep theirs (app/README.md, "Failure statuses")
    { status: failed ? failed.status : 200 },
  );
}

export default function MemberHome() {
  const { info, wallets, error } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMoney(minor, wallets?.currency ?? "USD", i18n.language);
  return (
    <div className="member-home">
      <h1>{t("user.title")}</h1>
      {error ? (
        <p role="alert" className="error-list">
          {t(`messages:${error}`)}
        </p>
      ) : null}
      {info ? (
        <dl className="profile card">
          <div>
            <dt>{t("fields.account")}</dt>
            <dd data-testid="account">{info.account}</dd>
          </div>
          <div>
            <dt>{t("fields.real_name")}</dt>
            <dd data-testid="real-name">{info.realName}</dd>
          </div>
          <div>
            <dt>{t("user.invite_code")}</dt>
            <dd>{info.inviteCode}</dd>
          </div>
        </dl>
      ) : null}
      {wallets ? (
        <section aria-labelledby="balances-title" className="card">
          <h2 id="balances-title">{t("user.balances")}</h2>
          <table className="balances">
            <tbody>
              <tr>
                <th scope="row">{t("user.main_account")}</th>
                <td data-testid="main-balance">{money(wallets.main.balance)}</td>
              </tr>
              <tr>
                <th scope="row">{t("user.on_hold")}</th>
                <td data-testid="on-hold">{money(wallets.main.onHold)}</td>
              </tr>
              {wallets.games.map((g) => (
                <tr key={g.code}>
                  <th scope="row">{t("user.game_wallet", { name: g.name })}</th>
                  <td data-testid={`game-balance-${g.code}`}>{money(g.balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}
