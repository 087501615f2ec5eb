import type { OperatorRole } from "../../server/contract";
import type { BackOfficeContext } from "../../server/site/context";
import type { QueueName } from "./sections";

/** A queue's count; null when the platform did not answer it (the menu says so rather than 0). */
export type QueueCounts = Partial<Record<QueueName, number | null>>;

const QUEUE_ROLES: Record<QueueName, OperatorRole> = {
  deposits: "finance",
  withdrawals: "finance",
  bank: "finance",
  messages: "support",
};

/**
 * How many items wait in each of the site's queues the operator may work (pending ones, as the
 * platform lists them): the menu's and the overview's counts. One call per queue, side by side;
 * reading a queue is not written to the audit log (docs/operators.md, "The audit log").
 */
export function queueCounts(
  bo: BackOfficeContext,
  siteId: string,
  roles: readonly OperatorRole[],
): Promise<QueueCounts> {
  // the layout's and the overview's loaders run side by side: one request asks each queue once
  let bySite = asked.get(bo);
  if (!bySite) asked.set(bo, (bySite = new Map()));
  let counts = bySite.get(siteId);
  if (!counts) bySite.set(siteId, (counts = countQueues(bo, siteId, roles)));
  return counts;
}

const asked = new WeakMap<BackOfficeContext, Map<string, Promise<QueueCounts>>>();

async function countQueues(
  bo: BackOfficeContext,
  siteId: string,
  roles: readonly OperatorRole[],
): Promise<QueueCounts> {
  const params = { siteId };
  const query = { status: "pending" as const };
  const may = (queue: QueueName) => roles.includes(QUEUE_ROLES[queue]);
  const count = async (queue: QueueName): Promise<number | null> => {
    const result =
      queue === "deposits"
        ? await bo.operators.call("operatorDeposits", { params, query })
        : queue === "withdrawals"
          ? await bo.operators.call("operatorWithdrawals", { params, query })
          : queue === "bank"
            ? await bo.operators.call("operatorBankApplications", { params, query })
            : await bo.operators.call("operatorMessages", { params, query });
    return result.ok ? result.data.length : null;
  };
  const queues = (Object.keys(QUEUE_ROLES) as QueueName[]).filter(may);
  const counts = await Promise.all(queues.map(count));
  return Object.fromEntries(queues.map((queue, i) => [queue, counts[i]]));
}
