import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { choiceErrorProps, CsrfInput, ErrorList, SelectField, SubmitButton, useServerForm } from "~/components/forms";
import { IdempotencyInput, Money } from "~/components/money";
import { AmountField, type MoneyActionData } from "~/components/money-form";
import { requireMember } from "~/utils/auth.server";
import { newIdempotencyKey, submittedIdempotencyKey } from "~/utils/idempotency.server";
import { transferSchema } from "~/utils/money-schemas.server";
import { limitsFor, moneyFailure, moneySuccess } from "~/utils/money.server";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "money:transfer.title", i18n: ["money"] } satisfies RouteHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const wallets = await context.platform.call("wallets");
  return json(
    {
      wallets: wallets.ok ? wallets.data : null,
      error: wallets.ok ? null : wallets.code,
      games: context.site.games,
      limits: limitsFor(context, "Transfer"),
      currency: context.site.currency,
      idempotencyKey: newIdempotencyKey(),
    },
    { status: wallets.ok ? 200 : wallets.status },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const schema = transferSchema(limitsFor(context, "Transfer"), context.site.games.map((g) => g.code));
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  const key = submittedIdempotencyKey(formData);
  if (submission.status !== "success") {
    return json({ result: submission.reply(), idempotencyKey: key } satisfies MoneyActionData, { status: 400 });
  }
  const { direction, gameCode, amount, idempotencyKey } = submission.value;
  const result = await context.platform.call("transfer", { body: { direction, gameCode, amount }, idempotencyKey });
  if (!result.ok) return moneyFailure(submission, result.code, result.status, idempotencyKey);
  return moneySuccess(context, "/user/transfer", direction === "in" ? "transfer_in_success" : "transfer_out_success");
}

export default function Transfer() {
  const { wallets, error, games, limits, currency, idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("money");
  const codes = games.map((g) => g.code);
  const [form, fields] = useServerForm<ReturnType<typeof transferSchema>>({
    lastResult: actionData?.result,
    defaultValue: { direction: "in", gameCode: codes[0] },
  });
  return (
    <div className="money-page">
      <h1>{t("transfer.title")}</h1>
      {error ? (
        <p role="alert" className="error-list">
          {t(`messages:${error}`)}
        </p>
      ) : null}
      {wallets ? (
        <dl className="wallet-summary card">
          <div>
            <dt>{t("main_account")}</dt>
            <dd data-testid="main-balance">
              <Money minor={wallets.main.balance} currency={currency} />
            </dd>
          </div>
          {wallets.games.map((g) => (
            <div key={g.code}>
              <dt>{t("game_wallet", { name: g.name })}</dt>
              <dd data-testid={`game-balance-${g.code}`}>
                <Money minor={g.balance} currency={currency} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <Form method="post" {...form.props} className="card">
        <CsrfInput />
        <IdempotencyInput value={actionData?.idempotencyKey ?? idempotencyKey} />
        <ErrorList id={form.errorId} errors={form.errors} alert />
        <fieldset className="choice-group" aria-describedby={fields.direction.errors ? fields.direction.errorId : undefined}>
          <legend>{t("transfer.direction")}</legend>
          {(["in", "out"] as const).map((d) => (
            <label key={d} className="choice">
              <input
                type="radio"
                name={fields.direction.name}
                value={d}
                defaultChecked={fields.direction.initialValue === d}
                {...choiceErrorProps(fields.direction)}
              />
              <span>{t(`transfer.direction_${d}`)}</span>
            </label>
          ))}
          <ErrorList id={fields.direction.errorId} errors={fields.direction.errors} />
        </fieldset>
        {games.length > 1 ? (
          <SelectField meta={fields.gameCode} label={t("transfer.game")} options={games.map((g) => ({ value: g.code, label: g.name }))} />
        ) : (
          <input type="hidden" name={fields.gameCode.name} value={codes[0]} />
        )}
        <AmountField meta={fields.amount} limits={limits} currency={currency} />
        <SubmitButton>{t("transfer.submit")}</SubmitButton>
      </Form>
    </div>
  );
}
