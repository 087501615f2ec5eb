import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { MoneyActionData } from "~/components/money-form";
import { requireMember } from "~/utils/auth.server";
import { newIdempotencyKey, submittedIdempotencyKey } from "~/utils/idempotency.server";
import { depositSchema } from "~/utils/money-schemas.server";
import { limitsFor, moneyFailure, moneySuccess, takeReceiptId, withOptionNames } from "~/utils/money.server";
import type { DepositOption, DepositPayment } from "../../server/contract";
import { qrCode } from "~/utils/qr.server";
import { depositBonusOffers } from "~/utils/campaigns.server";
import { breakInForce, offerDepositLimits } from "~/utils/protection.server";

/*
 * /user/deposit's loader and action (routes/user.deposit.tsx), here as the game's are in
 * game.server.ts: the route then value-imports one server module, which the browser build
 * empties inside the route's own file, instead of one shared empty file per server module
 * (each a request and bytes in the page's initial JavaScript, tests/bench).
 */

/** How many recent deposits `?view=<id>` looks through (the platform's largest page). */
const VIEW_WINDOW = 100;

/**
 * The page shows one deposit above the form: the one just asked for (the receipt cookie, once) or
 * the one `?view=<id>` names (the records and the recent list link to it, so a pending deposit's
 * payment details stay one link away, with or without JavaScript). A pending deposit with a
 * payment gets its payment card, the QR code drawn here on the server (utils/qr.server.ts).
 */
export async function depositLoader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const view = new URL(request.url).searchParams.get("view");
  // the bonus offers read recent deposits too (one platform call: reads are shared per request)
  const [result, bonusOffers, onBreak] = await Promise.all([
    context.platform.call("deposits", { query: { page: 1, pageSize: view ? VIEW_WINDOW : 5 } }),
    depositBonusOffers(context),
    breakInForce(context),
  ]);
  // before the first deposit, deposit limits are offered above the form (decision 033)
  const offerLimits = onBreak ? false : await offerDepositLimits(context, result.ok ? result.data.total : null);
  const optionOf = (id: string) => context.site.depositOptions.find((o) => o.id === id);
  const listed = (result.ok ? withOptionNames(context, result.data.items) : []).map((d) => ({
    ...d,
    payment: inMemberLanguage(d.payment, optionOf(d.optionId)),
  }));
  const receiptId = takeReceiptId(request, context, "deposit") ?? view;
  const receipt = (receiptId && listed.find((d) => d.id === receiptId)) || null;
  const option = receipt ? optionOf(receipt.optionId) : undefined;
  const payment = receipt?.status === "pending" ? receipt.payment : null;
  return json({
    onBreak,
    offerLimits,
    receipt,
    payment,
    qr: payment?.kind === "crypto" ? qrCode(payment.address) : null,
    assign: option?.crypto?.assign ?? null,
    // ?view= of a deposit that is not among the recent ones (or not the member's): said, not hidden
    viewMissing: Boolean(view) && result.ok && !receipt,
    options: context.site.depositOptions,
    limits: limitsFor(context, "Deposit"),
    currency: context.site.currency,
    recent: listed.slice(0, 5),
    bonusOffers,
    idempotencyKey: newIdempotencyKey(),
  });
}

export async function depositAction({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const options = context.site.depositOptions;
  const schema = depositSchema(
    limitsFor(context, "Deposit"),
    options.map((o) => o.id),
  );
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  const key = submittedIdempotencyKey(formData);
  if (submission.status !== "success") {
    return json({ result: submission.reply(), idempotencyKey: key } satisfies MoneyActionData, { status: 400 });
  }
  const { optionId, amount, idempotencyKey } = submission.value;
  const result = await context.platform.call("deposit", { body: { optionId, amount }, idempotencyKey });
  if (!result.ok) return moneyFailure(context, submission, result, idempotencyKey);
  return moneySuccess(
    context,
    "/user/deposit",
    result.data.status === "credited" ? "deposit_credited" : "deposit_pending",
    { kind: "deposit", id: result.data.id },
  );
}

/**
 * A bank payment names the bank and branch as the platform fixed them, in the site's default
 * language; while the option still pays into the same account, the member reads them in their own
 * (context.site is localized: siteTexts.depositOptions[id].bank/branch).
 */
function inMemberLanguage(payment: DepositPayment | null, option: DepositOption | undefined): DepositPayment | null {
  if (payment?.kind !== "bank" || option?.bankAccount?.accountNumber !== payment.accountNumber) return payment;
  return { ...payment, bank: option.bankAccount.bank, branch: option.bankAccount.branch };
}
