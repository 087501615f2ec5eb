import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { controlProps, CsrfInput, ErrorList, FormSummary, SubmitButton, useServerForm } from "~/components/forms";
import { useTranslation } from "~/utils/translator";
import { LIMIT_PERIODS } from "#rules/protection-terms";
import type { offerSchema } from "~/utils/protection.server";

/**
 * The deposit-limits offer (decision 033): one short form, a box per period (empty: no limit),
 * posted to /user/limits/offer, which sets each limit and goes on to `next`. After sign-up it is
 * a screen of its own with a one-tap "Not now" (`skipTo`); before the first deposit it sits above
 * the deposit form, which is the way on. Every limit stays changeable on /user/limits.
 */
export function LimitsOffer({
  next,
  skipTo,
  heading,
  lastResult,
}: {
  next: string;
  /** the "Not now" link's target; none where the page itself goes on */
  skipTo?: string;
  heading: "title" | "first_deposit_title";
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("account");
  const [form, fields] = useServerForm<ReturnType<typeof offerSchema>>({ lastResult });
  const boxes = { day: fields.day, week: fields.week, month: fields.month };
  return (
    <section className="card limits-offer" aria-labelledby="limits-offer-title" data-testid="limits-offer">
      <h2 id="limits-offer-title">{t(`limits_offer.${heading}`)}</h2>
      <p className="hint">{t("limits_offer.intro")}</p>
      <Form method="post" action="/user/limits/offer" {...form.props}>
        <CsrfInput />
        <input type="hidden" name="next" value={next} />
        <ErrorList id={form.errorId} errors={form.errors} alert />
        <FormSummary form={form} />
        {LIMIT_PERIODS.map((period) => {
          const field = boxes[period];
          return (
            <div className="field" key={period}>
              <label htmlFor={field.id}>{t(`limits.period.${period}`)}</label>
              <input
                {...controlProps(field)}
                key={field.key}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={field.initialValue ?? ""}
              />
              <ErrorList id={field.errorId} errors={field.errors} />
            </div>
          );
        })}
        <p className="limits-offer-actions">
          <SubmitButton>{t("limits_offer.submit")}</SubmitButton>
          {skipTo ? (
            <Link to={skipTo} className="button" data-testid="limits-offer-skip">
              {t("limits_offer.skip")}
            </Link>
          ) : null}
        </p>
      </Form>
    </section>
  );
}
