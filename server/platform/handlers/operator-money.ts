import type { money } from "../member/member-object";
import type { OperatorBankApplication, OperatorDeposit, OperatorWithdrawal, QueueKind } from "../money/queue";
import type { Env } from "../env";
import { badRequest, ok, type Result } from "../result";
import { memberStub, siteStub } from "../stubs";
import { uploadKey } from "./money";
import type { Handler, OperatorContext, RawFile, Touched } from "./types";

/**
 * Operator queues. Lists read the site's queue (fed by the members' outboxes); a decision is
 * made by the member object that owns the item (exactly once there), then written to the queue
 * at once so the operator's next list shows it; the member's outbox delivers it as well.
 */
async function decideQueued<T>(
  env: Env,
  siteId: string,
  kind: QueueKind,
  itemId: string,
  touched: Touched,
  decide: (stub: ReturnType<typeof memberStub>) => Promise<Result<money.Decided<T>>>,
): Promise<Result<T>> {
  const site = siteStub(env, siteId);
  const memberId = await site.queueOwner(kind, itemId);
  if (!memberId) return badRequest("invalid_parameters");
  // the decision's audit entry names its member even when the member object refuses it
  touched.memberId = memberId;
  const decided = await decide(memberStub(env, memberId));
  if (!decided.ok) return decided;
  await site.enqueue(decided.data.entry);
  return ok(decided.data.item);
}

/** Who decided, for the member's own audit entry of the decision. */
const by = (operator: OperatorContext) => ({ id: operator.id, name: operator.name });

/** The queue holds one kind per call, so its items are of that kind's shape (the router checks them too). */
const all = (status: "pending" | "all") => status === "all";

export const operatorDeposits: Handler<"operatorDeposits"> = async ({ env, params, query }) =>
  ok((await siteStub(env, params.siteId).listQueue("deposit", all(query.status))) as OperatorDeposit[]);

/** The site's campaign rules go with the confirmation: a credited deposit may earn a deposit bonus. */
export const operatorConfirmDeposit: Handler<"operatorConfirmDeposit"> = async ({
  env,
  params,
  body,
  operator,
  touched,
}) => {
  const config = await siteStub(env, params.siteId).getConfig();
  return decideQueued(env, params.siteId, "deposit", params.id, touched, (stub) =>
    stub.decideDeposit(
      params.siteId,
      params.id,
      { confirm: true, reason: body.reason, operator: by(operator) },
      config?.campaignRules ?? [],
    ),
  );
};

export const operatorRefuseDeposit: Handler<"operatorRefuseDeposit"> = async ({
  env,
  params,
  body,
  operator,
  touched,
}) =>
  decideQueued(env, params.siteId, "deposit", params.id, touched, (stub) =>
    stub.decideDeposit(params.siteId, params.id, { confirm: false, reason: body.reason, operator: by(operator) }),
  );

export const operatorWithdrawals: Handler<"operatorWithdrawals"> = async ({ env, params, query }) =>
  ok((await siteStub(env, params.siteId).listQueue("withdrawal", all(query.status))) as OperatorWithdrawal[]);

export const operatorApproveWithdrawal: Handler<"operatorApproveWithdrawal"> = async ({
  env,
  params,
  body,
  operator,
  touched,
}) => {
  // four eyes: the site's threshold goes with the approval; the member object decides, in its transaction
  const config = await siteStub(env, params.siteId).getConfig();
  const secondApprovalAbove = config?.withdrawalSecondApprovalAbove ?? 0;
  return decideQueued(env, params.siteId, "withdrawal", params.id, touched, (stub) =>
    stub.decideWithdrawal(params.siteId, params.id, {
      approve: true,
      reason: body.reason,
      operator: by(operator),
      secondApprovalAbove,
    }),
  );
};

export const operatorRejectWithdrawal: Handler<"operatorRejectWithdrawal"> = async ({
  env,
  params,
  body,
  operator,
  touched,
}) =>
  decideQueued(env, params.siteId, "withdrawal", params.id, touched, (stub) =>
    stub.decideWithdrawal(params.siteId, params.id, { approve: false, reason: body.reason, operator: by(operator) }),
  );

export const operatorBankApplications: Handler<"operatorBankApplications"> = async ({ env, params, query }) =>
  ok((await siteStub(env, params.siteId).listQueue("bank", all(query.status))) as OperatorBankApplication[]);

export const operatorApproveBank: Handler<"operatorApproveBank"> = async ({ env, params, body, operator, touched }) =>
  decideQueued(env, params.siteId, "bank", params.memberId, touched, (stub) =>
    stub.decideBank(params.siteId, { approve: true, reason: body.reason, operator: by(operator) }),
  );

export const operatorRejectBank: Handler<"operatorRejectBank"> = async ({ env, params, body, operator, touched }) =>
  decideQueued(env, params.siteId, "bank", params.memberId, touched, (stub) =>
    stub.decideBank(params.siteId, { approve: false, reason: body.reason, operator: by(operator) }),
  );

/**
 * Any document of the site, for reviewing a bank application; the key is site-scoped. The read is
 * audited with the member the document belongs to (stored with its bytes at upload).
 */
export const operatorFile: Handler<"operatorFile"> = async ({ env, params, touched }) => {
  const object = await env.UPLOADS.get(uploadKey(params.siteId, params.fileId));
  if (!object) return badRequest("file_not_found");
  touched.memberId = object.customMetadata?.memberId;
  return ok<RawFile>({
    body: object.body,
    contentType: object.httpMetadata?.contentType ?? "application/octet-stream",
    size: object.size,
  });
};

/** A crypto option's address pool: the site object owns it (site/address-pool.ts). */
export const operatorAddDepositAddresses: Handler<"operatorAddDepositAddresses"> = async ({ env, params, body }) =>
  siteStub(env, params.siteId).addDepositAddresses(params.optionId, body.addresses);

export const operatorDepositAddresses: Handler<"operatorDepositAddresses"> = async ({ env, params, query }) =>
  siteStub(env, params.siteId).depositAddresses(params.optionId, query);

/** An option's addresses from the operator's xpub (site/hd-addresses.ts); the body is never logged (audit.ts). */
export const operatorSetDepositXpub: Handler<"operatorSetDepositXpub"> = async ({ env, params, body }) =>
  siteStub(env, params.siteId).setDepositXpub(params.optionId, body.xpub);
