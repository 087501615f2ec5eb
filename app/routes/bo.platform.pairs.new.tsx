import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData } from "@remix-run/react";
import { backOffice, requirePlatformOperator } from "~/backoffice/operator.server";
import { NEW_PAIR_VALUES, PairConfigFields, type PairField } from "~/backoffice/platform/pair-fields";
import { pairDraftOf } from "~/backoffice/platform/pair-form.server";
import { operatorPairs } from "~/backoffice/platform/pairs.server";
import { pairPath } from "~/backoffice/platform/tabs";
import { CsrfInput } from "~/components/csrf-input";
import type { KeyOf, RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:platform.new_pair.title" } satisfies RouteHandle;

export async function loader({ context }: LoaderFunctionArgs) {
  await requirePlatformOperator(context);
  return null;
}

/**
 * A new pair (operatorPutPair on a symbol the platform does not have): checked with the
 * contract's schema first; a symbol already taken is refused here, since the same call on it would
 * change that pair instead. It starts running at once, unless created paused.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requirePlatformOperator(context);
  const form = await request.formData();
  const draft = pairDraftOf(form, null);
  const paused = form.get("paused") === "on";
  if (!draft.ok) return { values: draft.values, paused, errors: draft.errors, refused: null };
  const taken = (await operatorPairs(context)).some((p) => p.symbol === draft.symbol);
  if (taken) return { values: draft.values, paused, errors: { symbol: "symbol_taken" }, refused: null };
  const bo = backOffice(context);
  const put = await bo.operators.call("operatorPutPair", {
    params: { pair: draft.symbol },
    body: { ...draft.config, paused },
  });
  if (!put.ok) return { values: draft.values, paused, errors: {}, refused: put.code };
  bo.session.flash({ kind: "success", key: "platform.new_pair.created" });
  throw redirect(pairPath(draft.symbol));
}

export default function NewPair() {
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("backoffice");
  const errors: Partial<Record<PairField, string>> = answer?.errors ?? {};
  return (
    <>
      <h2>{t("platform.new_pair.title")}</h2>
      <Form method="post" className="bo-form" noValidate>
        <CsrfInput />
        {answer?.refused ? (
          <p role="alert" className="bo-notice bo-notice-error">
            {t(`messages:${answer.refused}` as KeyOf<"backoffice">)}
          </p>
        ) : answer ? (
          <p role="alert" className="bo-notice bo-notice-error">
            {t("platform.form_invalid")}
          </p>
        ) : null}
        <p className="bo-hint">{t("platform.new_pair.intro")}</p>
        <fieldset className="bo-fieldset">
          <legend>{t("platform.pair.config")}</legend>
          <PairConfigFields values={answer?.values ?? NEW_PAIR_VALUES} errors={errors} creating />
          <div className="bo-check">
            <input type="checkbox" id="new-pair-paused" name="paused" defaultChecked={answer ? answer.paused : false} />
            <label htmlFor="new-pair-paused">{t("platform.new_pair.paused")}</label>
          </div>
        </fieldset>
        <button type="submit" className="button button-primary">
          {t("platform.new_pair.submit")}
        </button>
      </Form>
    </>
  );
}
