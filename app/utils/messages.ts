import { formatDateTime, UTC } from "./date-time";
import { formatMoney } from "./money";
import { dynamicKey, type DynamicKey } from "./translation-keys";

/**
 * A platform message code as a translation key of the `messages` namespace. The codes are the
 * contract's closed list, and every one has a text in every language (tests/unit/locales.test.ts).
 *
 * `values` fill the message's placeholders. They travel inside the key, as a query string
 * (`messages:bonus_locked?amount=US%24450.00`), because a message reaches the page as a plain
 * string (a form error in conform's reply, a toast, a loader's error): the translator reads them
 * back out of any key (`createT` in utils/translator.tsx), so every place that shows a message
 * shows its figures too, with no change of its own.
 */
export function messageKey(code: string, values?: Readonly<Record<string, string>>): DynamicKey {
  const query =
    values && Object.keys(values).length > 0
      ? `?${new URLSearchParams(values as Record<string, string>).toString()}`
      : "";
  return dynamicKey(`messages:${code}${query}`);
}

/** What a refused call hands a route (server/site/platform-client.ts `CallFailure`). */
export interface FailureLike {
  code: string;
  /** minor units: the figure the message names (bonus_locked: the turnover still needed) */
  amount?: number;
  /** ISO time: the end of the break a refusal names (timeout_in_force, exclusion_in_force, break_*) */
  until?: string;
  /** whole seconds to wait (signin_too_fast) */
  seconds?: number;
}

/**
 * The message of a refused call with its figures: bonus_locked reads "Bet US$450.00 more to unlock
 * them" in the site's currency, with the digits of the page's language; a limit's refusal the
 * amount that remains; a break's refusal its end as a date and time (`until`).
 * Formatted on the server, where the page's language and the site's currency are known; the
 * page's language cannot change under a shown message without a new request.
 */
export function failureMessage(failure: FailureLike, money: { currency: string; locale: string }): DynamicKey {
  const values: Record<string, string> = {};
  if (failure.amount !== undefined) values.amount = formatMoney(failure.amount, money.currency, money.locale);
  // a break's end, in the page's language (timeout_in_force: "until 24 Nov 2026, 10:00 UTC")
  if (failure.until !== undefined) values.until = formatUntil(failure.until, money.locale);
  if (failure.seconds !== undefined) values.seconds = new Intl.NumberFormat(money.locale).format(failure.seconds);
  return messageKey(failure.code, values);
}

/**
 * A break's end inside a refusal: formatted where the member's zone is not passed, so in UTC and
 * named (the one place a time carries its zone's name: the page around it may be in another zone).
 */
export function formatUntil(iso: string, locale: string): string {
  return `${formatDateTime(iso, locale, UTC)} UTC`;
}
