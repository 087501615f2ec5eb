import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { MoneyActionData } from "~/components/money-form";
import { requireMember } from "~/utils/auth.server";
import { newIdempotencyKey, submittedIdempotencyKey } from "~/utils/idempotency.server";
import { transferSchema } from "~/utils/money-schemas.server";
import { limitsFor, moneyFailure, moneySuccess, takeReceiptId, withGameNames } from "~/utils/money.server";
import { lockedBonus } from "~/utils/campaigns.server";
import { breakInForce } from "~/utils/protection.server";

/*
 * /user/transfer's loader and action (routes/user.transfer.tsx), as deposit.server.ts says why.
 */

export async function transferLoader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const [wallets, recent, onBreak] = await Promise.all([
    context.platform.call("wallets"),
    context.platform.call("transfers", { query: { page: 1, pageSize: 5 } }),
    breakInForce(context),
  ]);
  const receiptId = takeReceiptId(request, context, "transfer");
  const bonus = await lockedBonus(context, wallets.ok ? wallets.data : null);
  return json(
    {
      wallets: wallets.ok ? withGameNames(context, wallets.data) : null,
      bonus,
      // a break in force closes transfers into the game only: the form keeps "out"
      onBreak,
      recent: recent.ok ? recent.data.items : [],
      receipt: (recent.ok && receiptId && recent.data.items.find((x) => x.id === receiptId)) || null,
      error: wallets.ok ? null : wallets.code,
      games: context.site.games,
      limits: limitsFor(context, "Transfer"),
      currency: context.site.currency,
      idempotencyKey: newIdempotencyKey(),
    },
    { status: wallets.ok ? 200 : wallets.status },
  );
}

export async function transferAction({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const schema = transferSchema(
    limitsFor(context, "Transfer"),
    context.site.games.map((g) => g.code),
  );
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  const key = submittedIdempotencyKey(formData);
  if (submission.status !== "success") {
    return json({ result: submission.reply(), idempotencyKey: key } satisfies MoneyActionData, { status: 400 });
  }
  const { direction, gameCode, amount, idempotencyKey } = submission.value;
  const result = await context.platform.call("transfer", { body: { direction, gameCode, amount }, idempotencyKey });
  if (!result.ok) return moneyFailure(context, submission, result, idempotencyKey);
  return moneySuccess(context, "/user/transfer", direction === "in" ? "transfer_in_success" : "transfer_out_success", {
    kind: "transfer",
    id: result.data.id,
  });
}
