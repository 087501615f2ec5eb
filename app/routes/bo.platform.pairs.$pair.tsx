import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { backOffice, noticeAndBack, requirePlatformOperator } from "~/backoffice/operator.server";
import { PairAuditTable } from "~/backoffice/platform/pair-audit";
import {
  PairConfigFields,
  PlatformField,
  type PairField,
  type PairValues,
  type SourceField,
  type SourceValues,
} from "~/backoffice/platform/pair-fields";
import { pairDraftOf, pairValues, sourceDraftOf, type FieldErrors } from "~/backoffice/platform/pair-form.server";
import { PairPending, PairSource, PairState, PairTiming } from "~/backoffice/platform/pair-view";
import { operatorPair } from "~/backoffice/platform/pairs.server";
import { pairPath } from "~/backoffice/platform/tabs";
import { CsrfInput } from "~/components/csrf-input";
import type { KeyOf, RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";
import type { OperatorPair } from "../../server/contract/game";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:platform.tab.pairs" } satisfies RouteHandle;

const AUDIT_LIMIT = 50;

/** One pair: what it runs with, its pause, its configuration, its price source and its audit log. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  await requirePlatformOperator(context);
  const pair = await operatorPair(context, params.pair);
  const audit = await backOffice(context).operators.call("operatorPairAudit", {
    params: { pair: pair.symbol },
    query: { limit: AUDIT_LIMIT },
  });
  return { pair, values: pairValues(pair.config), audit: audit.ok ? audit.data : null };
}

/** A form sent back: its fields' refusals and text as typed, or the refusal of the whole (a catalog key). */
type Refusal = { refused: string | null } & (
  | { form: "config"; errors: FieldErrors<PairField>; values: PairValues }
  | { form: "state" }
  | { form: "source"; errors: FieldErrors<SourceField>; values: SourceValues }
);
type SourceRefusal = Extract<Refusal, { form: "source" }>;

/**
 * Three forms, told apart by `intent`: the configuration (operatorPutPair, the pause kept as it
 * is), the pause or resume (the same call with only `paused` changed, after the operator ticks
 * that the rounds it touches become void), and the price source (operatorPutPairSource; the
 * platform takes it on a paused pair only). Each is checked with the contract's schema first.
 */
export async function action({ request, params, context }: ActionFunctionArgs): Promise<Refusal> {
  await requirePlatformOperator(context);
  const pair = await operatorPair(context, params.pair);
  const form = await request.formData();
  const bo = backOffice(context);
  const back = pairPath(pair.symbol);
  const intent = String(form.get("intent") ?? "");
  if (intent === "config") {
    const draft = pairDraftOf(form, pair);
    if (!draft.ok) return { form: "config", errors: draft.errors, values: draft.values, refused: null };
    const put = await bo.operators.call("operatorPutPair", { params: { pair: pair.symbol }, body: draft.config });
    if (!put.ok) return { form: "config", errors: {}, values: draft.values, refused: `messages:${put.code}` };
    noticeAndBack(bo, put, put.data.changesFrom ? "platform.pair.saved_later" : "platform.pair.saved", back);
  }
  if (intent === "pause" || intent === "resume") {
    const paused = intent === "pause";
    if (paused === pair.config.paused) return { form: "state", refused: "platform.pair.state_unchanged" };
    if (form.get("confirm") !== "yes") return { form: "state", refused: "platform.pair.confirm_missing" };
    const put = await bo.operators.call("operatorPutPair", {
      params: { pair: pair.symbol },
      body: { ...pair.config, paused },
    });
    noticeAndBack(bo, put, paused ? "platform.pair.paused_done" : "platform.pair.resumed_done", back);
  }
  if (intent === "source") {
    const draft = sourceDraftOf(form);
    if (!draft.ok) return { form: "source", errors: draft.errors, values: draft.values, refused: null };
    const set = await bo.operators.call("operatorPutPairSource", { params: { pair: pair.symbol }, body: draft.body });
    if (!set.ok) return { form: "source", errors: {}, values: draft.values, refused: `messages:${set.code}` };
    noticeAndBack(bo, set, "platform.pair.source_saved", back);
  }
  throw new Response(null, { status: 400 });
}

export default function PairPage() {
  const loaded = useLoaderData<typeof loader>();
  const { pair, audit } = loaded;
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("backoffice");
  const refusal = (form: Refusal["form"]) =>
    answer?.form === form ? (
      <p role="alert" className="bo-notice bo-notice-error">
        {t((answer.refused ?? "platform.form_invalid") as KeyOf<"backoffice">)}
      </p>
    ) : null;
  return (
    <div className="bo-pair-page">
      <section className="bo-wide" aria-labelledby="pair-title">
        <h2 id="pair-title">{t("platform.pairs.named", { symbol: pair.symbol, name: pair.config.name })}</h2>
        <dl className="bo-facts">
          <dt>{t("platform.pairs.col.state")}</dt>
          <dd>
            <PairState pair={pair} />
          </dd>
          <dt>{t("platform.pairs.col.source")}</dt>
          <dd>
            <PairSource pair={pair} />
          </dd>
          <dt>{t("platform.pairs.col.timing")}</dt>
          <dd>
            <PairTiming params={pair.running} />
          </dd>
          <dt>{t("platform.pair.running_volatility")}</dt>
          <dd>{t("platform.pair.volatility", { bp: pair.running.volatilityBp })}</dd>
          <dt>{t("platform.pairs.col.pending")}</dt>
          <dd>
            <PairPending pair={pair} />
          </dd>
        </dl>
      </section>
      <section aria-labelledby="pair-state">
        <h2 id="pair-state">{pair.config.paused ? t("platform.pair.resume_title") : t("platform.pair.pause_title")}</h2>
        <StateForm pair={pair} refusal={refusal("state")} />
      </section>
      <section aria-labelledby="pair-config">
        <h2 id="pair-config">{t("platform.pair.config")}</h2>
        <Form method="post" className="bo-form" noValidate>
          <CsrfInput />
          {refusal("config")}
          <p className="bo-hint">{t("platform.pair.config_intro")}</p>
          <PairConfigFields
            values={answer?.form === "config" ? answer.values : loaded.values}
            errors={answer?.form === "config" ? answer.errors : {}}
            creating={false}
          />
          <button type="submit" name="intent" value="config" className="button button-primary">
            {t("platform.pair.save")}
          </button>
        </Form>
      </section>
      <section aria-labelledby="pair-source">
        <h2 id="pair-source">{t("platform.pair.source_title")}</h2>
        <SourceForm pair={pair} answer={answer?.form === "source" ? answer : undefined} refusal={refusal("source")} />
      </section>
      <section className="bo-wide" aria-labelledby="pair-audit">
        <h2 id="pair-audit">{t("platform.pair.audit_title")}</h2>
        {audit ? (
          <PairAuditTable entries={audit} label={t("platform.pair.audit_title")} />
        ) : (
          <p>{t("platform.pair.audit_unavailable")}</p>
        )}
      </section>
    </div>
  );
}

/** Pause or resume: what it does to the rounds, and a tick that says the operator read it. */
function StateForm({ pair, refusal }: { pair: OperatorPair; refusal: React.ReactNode }) {
  const { t } = useTranslation("backoffice");
  const pausing = !pair.config.paused;
  return (
    <Form method="post" className="bo-form bo-fieldset bo-danger" noValidate>
      <CsrfInput />
      {refusal}
      <p>{pausing ? t("platform.pair.pause_effect") : t("platform.pair.resume_effect")}</p>
      {pair.pausedByFeed ? <p className="bo-hint">{t("platform.pair.paused_by_feed_note")}</p> : null}
      <div className="bo-check">
        <input type="checkbox" id="pair-state-confirm" name="confirm" value="yes" />
        <label htmlFor="pair-state-confirm">{t("platform.pair.void_confirm")}</label>
      </div>
      <button type="submit" name="intent" value={pausing ? "pause" : "resume"} className="button button-primary">
        {pausing ? t("platform.pair.pause") : t("platform.pair.resume")}
      </button>
    </Form>
  );
}

function SourceForm({
  pair,
  answer,
  refusal,
}: {
  pair: OperatorPair;
  answer: SourceRefusal | undefined;
  refusal: React.ReactNode;
}) {
  const { t } = useTranslation("backoffice");
  const values: SourceValues = answer?.values ?? {
    kind: pair.source.kind,
    exchangeSymbol: pair.source.symbol ?? "",
    maxStaleSeconds: String(pair.source.maxStaleSeconds ?? 5),
  };
  const errors: FieldErrors<SourceField> = answer?.errors ?? {};
  return (
    <Form method="post" className="bo-form" noValidate>
      <CsrfInput />
      {refusal}
      <p className={pair.config.paused ? "bo-hint" : "bo-notice"}>
        {pair.config.paused ? t("platform.pair.source_paused") : t("platform.pair.source_needs_pause")}
      </p>
      <fieldset className="bo-fieldset">
        <legend>{t("platform.pair.source_kind")}</legend>
        {(["synthetic", "exchange"] as const).map((kind) => (
          <div key={kind} className="bo-check">
            <input type="radio" id={`source-${kind}`} name="kind" value={kind} defaultChecked={values.kind === kind} />
            <label htmlFor={`source-${kind}`}>{t(`platform.pair.kind_${kind}`)}</label>
          </div>
        ))}
      </fieldset>
      <PlatformField
        name="exchangeSymbol"
        label="platform.pair.field.exchangeSymbol"
        hint="platform.pair.hint.exchangeSymbol"
        value={values.exchangeSymbol}
        error={errors.exchangeSymbol}
        autoCapitalize="characters"
      />
      <PlatformField
        name="maxStaleSeconds"
        label="platform.pair.field.maxStaleSeconds"
        hint="platform.pair.hint.maxStaleSeconds"
        value={values.maxStaleSeconds}
        error={errors.maxStaleSeconds}
        inputMode="numeric"
      />
      <button type="submit" name="intent" value="source" className="button button-primary">
        {t("platform.pair.source_save")}
      </button>
    </Form>
  );
}
