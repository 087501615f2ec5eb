import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  choiceErrorProps,
  controlProps,
  CsrfInput,
  ErrorList,
  FormSummary,
  SubmitButton,
  useServerForm,
} from "~/components/forms";
import { Filled } from "~/components/filled";
import { IdempotencyInput, Money } from "~/components/money";
import { requireMember } from "~/utils/auth.server";
import { failureStatus } from "~/utils/failure-status";
import { keyAfterRefusal, newIdempotencyKey, submittedIdempotencyKey } from "~/utils/idempotency.server";
import { failureMessage, messageKey } from "~/utils/messages";
import { useTimeZone } from "~/utils/time-zone";
import { formatDateTime } from "~/utils/date-time";
import { formatMoney } from "~/utils/money";
import { decimalString, minorDigits } from "#rules/units";
import {
  breakKindOf,
  breakSchema,
  confirmSchema,
  LIMITS_INTENTS,
  limitSchema,
  noteLimitReady,
  realitySchema,
  type LimitsIntent,
} from "~/utils/protection.server";
import { useTranslation } from "~/utils/translator";
import type { RouteHandle } from "~/utils/translation-keys";
import limitsStyles from "~/styles/limits.css";
import { BREAK_DURATIONS, LIMIT_KINDS, REALITY_CHECK_MINUTES } from "#rules/protection-terms";
import type { LimitState, ProtectionState } from "../../server/contract/protection";

export const handle = { titleKey: "account:limits.title", i18n: ["account"] } satisfies RouteHandle;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: limitsStyles }];

/**
 * /user/limits (app/README.md, "Player protection"): deposit and loss limits with what is used
 * and what remains, pending increases, the reality-check interval, a time-out or self-exclusion,
 * and the history of changes. Every form posts here and redirects back with a toast; the
 * platform decides and enforces (a decrease at once, an increase or removal once confirmed after
 * 24 hours; a self-exclusion past its minimum ends 24 hours after the member asks: decision 033).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const result = await context.platform.call("protection");
  // the prompt other pages show for a change ready to confirm follows what this page read
  if (result.ok) noteLimitReady(context, result.data);
  return json(
    {
      state: result.ok ? result.data : null,
      error: result.ok ? null : messageKey(result.code),
      siteDefault: context.site.realityCheckMinutes,
      currency: context.site.currency,
      idempotencyKey: newIdempotencyKey(),
    },
    { status: result.ok ? 200 : failureStatus(result.status) },
  );
}

type ActionData = {
  intent: LimitsIntent;
  target?: string;
  result: SubmissionResult<string[]>;
  idempotencyKey?: string;
};

export async function action({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const formData = await request.formData();
  const intent = LIMITS_INTENTS.find((i) => i === formData.get("intent"));
  if (!intent) throw new Response("Unknown form", { status: 400 });
  const money = { currency: context.site.currency, locale: context.locale };

  if (intent === "limit") {
    const submission = parseWithZod(formData, { schema: limitSchema(context.site.currency) });
    // which of the six forms answered: its error shows there, not on the others
    const target = `${String(formData.get("kind"))}-${String(formData.get("period"))}`;
    if (submission.status !== "success")
      return json<ActionData>({ intent, target, result: submission.reply() }, { status: 400 });
    const result = await context.platform.call("setLimit", { body: submission.value });
    if (!result.ok) {
      return json<ActionData>(
        { intent, target, result: submission.reply({ formErrors: [failureMessage(result, money)] }) },
        { status: failureStatus(result.status) },
      );
    }
    noteLimitReady(context, result.data);
    context.session.flashToast({ kind: "success", key: "limit_saved" });
    return redirect("/user/limits");
  }

  if (intent === "confirm") {
    const submission = parseWithZod(formData, { schema: confirmSchema });
    if (submission.status !== "success") throw new Response("Unknown limit", { status: 400 });
    const target = `${submission.value.kind}-${submission.value.period}`;
    const result = await context.platform.call("confirmLimit", { body: submission.value });
    if (!result.ok) {
      return json<ActionData>(
        { intent: "limit", target, result: submission.reply({ formErrors: [failureMessage(result, money)] }) },
        { status: failureStatus(result.status) },
      );
    }
    noteLimitReady(context, result.data);
    context.session.flashToast({ kind: "success", key: "limit_confirmed" });
    return redirect("/user/limits");
  }

  if (intent === "return") {
    // asking again changes nothing (the platform's askToReturn), so no key is needed
    const result = await context.platform.call("askToReturn", { body: {} });
    if (!result.ok) {
      return json<ActionData>(
        { intent, result: { status: "error", error: { "": [failureMessage(result, money)] } } },
        { status: failureStatus(result.status) },
      );
    }
    context.session.flashToast({ kind: "success", key: "return_asked" });
    return redirect("/user/limits");
  }

  if (intent === "reality") {
    const submission = parseWithZod(formData, { schema: realitySchema });
    if (submission.status !== "success")
      return json<ActionData>({ intent, result: submission.reply() }, { status: 400 });
    const result = await context.platform.call("setRealityCheck", { body: { minutes: submission.value.minutes } });
    if (!result.ok) {
      return json<ActionData>(
        { intent, result: submission.reply({ formErrors: [failureMessage(result, money)] }) },
        { status: failureStatus(result.status) },
      );
    }
    // the cached due time follows the old interval: the next page load asks the platform again
    context.session.set("realityDueAt", undefined);
    context.session.flashToast({ kind: "success", key: "reality_check_saved" });
    return redirect("/user/limits");
  }

  // a break: idempotent like a money form (a double tap starts one break), keyed when rendered
  const submission = parseWithZod(formData, { schema: breakSchema });
  const key = submittedIdempotencyKey(formData);
  if (submission.status !== "success")
    return json<ActionData>({ intent, result: submission.reply(), idempotencyKey: key }, { status: 400 });
  const { duration, idempotencyKey } = submission.value;
  const result = await context.platform.call("startBreak", {
    body: { kind: breakKindOf(duration), duration, confirm: true },
    idempotencyKey,
  });
  if (!result.ok) {
    return json<ActionData>(
      {
        intent,
        result: submission.reply({ formErrors: [failureMessage(result, money)] }),
        idempotencyKey: keyAfterRefusal(result, idempotencyKey),
      },
      { status: failureStatus(result.status) },
    );
  }
  context.session.flashToast({ kind: "success", key: "break_started" });
  return redirect("/user/limits");
}

export default function Limits() {
  const { state, error, siteDefault, currency, idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <div className="account-page limits-page">
      <h1>{t("limits.title")}</h1>
      <p className="muted">{t("limits.intro")}</p>
      {error ? (
        <p role="alert" className="error-list">
          {t("limits.load_failed")} {t(error)}
        </p>
      ) : null}
      {state?.activeBreak ? (
        <ActiveBreak state={state} lastResult={actionData?.intent === "return" ? actionData.result : undefined} />
      ) : null}
      {state
        ? LIMIT_KINDS.map((kind) => (
            <section key={kind} className="card limits-card" aria-labelledby={`limits-${kind}-title`}>
              <h2 id={`limits-${kind}-title`}>{t(`limits.${kind}_title`)}</h2>
              <p className="hint">{t(`limits.${kind}_hint`)}</p>
              <p className="hint limits-rule">{t("limits.rule")}</p>
              {state.limits
                .filter((l) => l.kind === kind)
                .map((limit) => (
                  <LimitRow
                    key={limit.period}
                    limit={limit}
                    currency={currency}
                    lastResult={
                      actionData?.intent === "limit" && actionData.target === `${limit.kind}-${limit.period}`
                        ? actionData.result
                        : undefined
                    }
                  />
                ))}
            </section>
          ))
        : null}
      {state ? (
        <RealityForm
          current={state.realityCheckMinutes}
          siteDefault={siteDefault}
          lastResult={actionData?.intent === "reality" ? actionData.result : undefined}
        />
      ) : null}
      {state ? (
        <BreakForm
          idempotencyKey={(actionData?.intent === "break" ? actionData.idempotencyKey : undefined) ?? idempotencyKey}
          lastResult={actionData?.intent === "break" ? actionData.result : undefined}
        />
      ) : null}
      {state ? <History state={state} /> : null}
    </div>
  );
}

/**
 * The break in force: until when; a self-exclusion past its minimum says so and offers the return
 * (a form, so it works without JavaScript), and one whose return is asked says when it ends.
 */
function ActiveBreak({ state, lastResult }: { state: ProtectionState; lastResult?: SubmissionResult<string[]> }) {
  const { t, i18n } = useTranslation("account");
  const zone = useTimeZone();
  const [form] = useServerForm({ lastResult });
  const active = state.activeBreak!;
  const at = (iso: string) => formatDateTime(iso, i18n.language, zone);
  const open = active.kind === "exclusion" && (active.mayReturn || active.returnAt !== null);
  return (
    <section className="card limits-active-break" aria-labelledby="limits-break-active" data-testid="active-break">
      <h2 id="limits-break-active">
        {active.returnAt !== null
          ? t("limits.break_active.exclusion_returning", { until: at(active.returnAt) })
          : open
            ? t("limits.break_active.exclusion_open", { until: at(active.until) })
            : t(`limits.break_active.${active.kind}`, { until: at(active.until) })}
      </h2>
      <p>{t(open ? "limits.return_hint" : "limits.break_active_hint")}</p>
      {active.linked ? <p className="hint">{t("limits.break_linked")}</p> : null}
      {active.mayReturn ? (
        <Form method="post" {...form.props}>
          <CsrfInput />
          <input type="hidden" name="intent" value="return" />
          <ErrorList id={form.errorId} errors={form.errors} alert />
          <SubmitButton>{t("limits.return_submit")}</SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}

/**
 * One limit: what is in force, used and left (a bar, and the figures in words: never the bar
 * alone), the pending increase or removal with the moment it applies, and a small form to set a
 * new amount or remove it.
 */
function LimitRow({
  limit,
  currency,
  lastResult,
}: {
  limit: LimitState;
  currency: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t, i18n } = useTranslation("account");
  const zone = useTimeZone();
  const [form, fields] = useServerForm<ReturnType<typeof limitSchema>>({ lastResult });
  const id = `limit-${limit.kind}-${limit.period}`;
  const digits = minorDigits(currency);
  return (
    <div className="limit-row" data-testid={id}>
      <h3 id={`${id}-title`}>{t(`limits.period.${limit.period}`)}</h3>
      <dl className="limit-figures">
        <div>
          <dt>{t("limits.limit")}</dt>
          <dd>{limit.amount === null ? t("limits.no_limit") : <Money minor={limit.amount} currency={currency} />}</dd>
        </div>
        <div>
          <dt>{t("limits.used")}</dt>
          <dd>
            <Money minor={Math.max(0, limit.used)} currency={currency} />
          </dd>
        </div>
        {limit.remaining !== null ? (
          <div>
            <dt>{t("limits.remaining")}</dt>
            <dd data-testid={`${id}-remaining`}>
              <Money minor={limit.remaining} currency={currency} />
            </dd>
          </div>
        ) : null}
      </dl>
      {limit.amount !== null ? (
        // the figures above say it in words; the bar is their picture (a net win counts as nothing used)
        <meter
          className="limit-bar"
          min={0}
          max={limit.amount}
          value={Math.min(limit.amount, Math.max(0, limit.used))}
          aria-hidden="true"
        />
      ) : null}
      {limit.pending ? (
        <p className="limit-pending" data-testid={`${id}-pending`}>
          {t(limit.pending.ready ? "limits.pending_ready" : "limits.pending", {
            amount:
              limit.pending.amount === null
                ? t("limits.no_limit")
                : formatMoney(limit.pending.amount, currency, i18n.language),
            at: formatDateTime(limit.pending.appliesAt, i18n.language, zone),
          })}
        </p>
      ) : null}
      {limit.pending?.ready ? (
        // the raised or removed limit applies only with this confirmation (decision 033)
        <Form method="post" className="limit-confirm" aria-labelledby={`${id}-title`}>
          <CsrfInput />
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="kind" value={limit.kind} />
          <input type="hidden" name="period" value={limit.period} />
          <button type="submit" className="button button-primary" data-testid={`${id}-confirm`}>
            {t("limits.confirm")}
          </button>
        </Form>
      ) : null}
      <Form method="post" {...form.props} className="limit-form" aria-labelledby={`${id}-title`}>
        <CsrfInput />
        <input type="hidden" name="intent" value="limit" />
        <input type="hidden" name="kind" value={limit.kind} />
        <input type="hidden" name="period" value={limit.period} />
        <ErrorList id={form.errorId} errors={form.errors} alert />
        <div className="limit-form-row">
          <div className="field">
            <label htmlFor={fields.amount.id}>{t("limits.amount_label")}</label>
            <input
              {...controlProps(fields.amount)}
              key={fields.amount.key}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={
                fields.amount.initialValue ?? (limit.amount === null ? "" : decimalString(limit.amount, digits))
              }
            />
          </div>
          <button type="submit" name="op" value="set" className="button button-primary limit-set">
            {t("limits.set")}
          </button>
          {limit.amount !== null ? (
            <button type="submit" name="op" value="remove" className="button limit-remove">
              {t("limits.remove")}
            </button>
          ) : null}
        </div>
        <ErrorList id={fields.amount.errorId} errors={fields.amount.errors} />
      </Form>
    </div>
  );
}

function RealityForm({
  current,
  siteDefault,
  lastResult,
}: {
  current: number;
  siteDefault: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("account");
  const [form, fields] = useServerForm<typeof realitySchema>({
    lastResult,
    defaultValue: { minutes: String(current) },
  });
  return (
    <section className="card limits-card" aria-labelledby="limits-reality-title">
      <h2 id="limits-reality-title">{t("limits.reality_title")}</h2>
      <p className="hint">{t("limits.reality_hint")}</p>
      <Form method="post" {...form.props}>
        <CsrfInput />
        <input type="hidden" name="intent" value="reality" />
        <ErrorList id={form.errorId} errors={form.errors} alert />
        <fieldset
          className="choice-group limits-choices"
          aria-describedby={fields.minutes.errors ? fields.minutes.errorId : undefined}
        >
          <legend>{t("limits.reality_interval")}</legend>
          {REALITY_CHECK_MINUTES.map((m) => (
            <label key={m} className="choice">
              <input
                type="radio"
                name={fields.minutes.name}
                value={m}
                key={`${fields.minutes.key}-${m}`}
                defaultChecked={fields.minutes.initialValue === String(m)}
                {...choiceErrorProps(fields.minutes)}
              />
              <span>{t(m === siteDefault ? "limits.reality_every_default" : "limits.reality_every", { n: m })}</span>
            </label>
          ))}
          <ErrorList id={fields.minutes.errorId} errors={fields.minutes.errors} />
        </fieldset>
        <SubmitButton>{t("limits.save")}</SubmitButton>
      </Form>
    </section>
  );
}

function BreakForm({
  idempotencyKey,
  lastResult,
}: {
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("account");
  const [form, fields] = useServerForm<typeof breakSchema>({ lastResult });
  return (
    <section className="card limits-card" aria-labelledby="limits-break-title">
      <h2 id="limits-break-title">{t("limits.break_title")}</h2>
      <p className="hint">{t("limits.break_hint")}</p>
      <Form key={idempotencyKey} method="post" {...form.props}>
        <CsrfInput />
        <input type="hidden" name="intent" value="break" />
        <IdempotencyInput value={idempotencyKey} />
        <ErrorList id={form.errorId} errors={form.errors} alert />
        <FormSummary form={form} />
        {(["timeout", "exclusion"] as const).map((kind) => (
          <fieldset
            key={kind}
            className="choice-group limits-choices"
            aria-describedby={fields.duration.errors ? fields.duration.errorId : undefined}
          >
            <legend>{t(`limits.${kind}`)}</legend>
            {BREAK_DURATIONS[kind].map((d) => (
              <label key={d} className="choice">
                <input
                  type="radio"
                  name={fields.duration.name}
                  value={d}
                  key={`${fields.duration.key}-${d}`}
                  defaultChecked={fields.duration.initialValue === d}
                  {...choiceErrorProps(fields.duration)}
                  // the first radio carries the group's id: the error summary's link lands on it
                  id={kind === "timeout" && d === "24h" ? fields.duration.id : undefined}
                />
                <span>{t(`limits.durations.${d}`)}</span>
              </label>
            ))}
          </fieldset>
        ))}
        <ErrorList id={fields.duration.errorId} errors={fields.duration.errors} />
        <div className="field field-checkbox">
          <input {...controlProps(fields.confirm)} key={fields.confirm.key} type="checkbox" value="on" />
          <label htmlFor={fields.confirm.id}>{t("limits.break_confirm")}</label>
          <ErrorList id={fields.confirm.errorId} errors={fields.confirm.errors} />
        </div>
        <SubmitButton>{t("limits.break_submit")}</SubmitButton>
      </Form>
    </section>
  );
}

/** The changes, newest first (the platform's order), each with when it applies or applied. */
function History({ state }: { state: ProtectionState }) {
  const { t, i18n } = useTranslation("account");
  const zone = useTimeZone();
  const amount = (minor: number | null) =>
    minor === null ? t("limits.no_limit") : formatMoney(minor, state.currency, i18n.language);
  return (
    <section className="card limits-card" aria-labelledby="limits-history-title">
      <h2 id="limits-history-title">{t("limits.history_title")}</h2>
      {state.history.length === 0 ? (
        <p className="muted">{t("limits.history_empty")}</p>
      ) : (
        <ol className="limits-history" data-testid="limits-history">
          {state.history.map((h, i) => (
            <li key={`${h.at}-${i}`}>
              <span className="limits-history-what">
                {h.change === "limit"
                  ? t("limits.history.limit", {
                      kind: t(`limits.kind.${h.kind ?? "deposit"}`),
                      period: t(`limits.period.${h.period ?? "day"}`),
                      from: amount(h.from),
                      to: amount(h.to),
                    })
                  : h.change === "reality_check"
                    ? t("limits.history.reality_check", { to: String(h.to ?? "") })
                    : t(`limits.history.${h.change}`, {
                        duration: h.duration ? t(`limits.durations.${h.duration}`) : "",
                      })}
              </span>
              <span className="muted limits-history-when">
                <time dateTime={h.at}>{formatDateTime(h.at, i18n.language, zone)}</time>
                {h.appliesAt !== h.at ? (
                  <>
                    {t("common:join.facts")}
                    <Filled
                      text={t("limits.history_applies_at")}
                      slots={{
                        time: <time dateTime={h.appliesAt}>{formatDateTime(h.appliesAt, i18n.language, zone)}</time>,
                      }}
                    />
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
