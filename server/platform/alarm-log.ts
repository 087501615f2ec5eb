import { errorFields, log, since, type LogFields } from "../log/log";
import type { Env } from "./env";
import { recordMetric } from "./metrics";

/**
 * Runs a Durable Object's alarm and writes its one log line (server/log/README.md): which object,
 * its site, how long, and whether it ended or threw. An alarm serves no request, so its id is its
 * own. A throw is counted as an error metric and thrown on: the runtime retries the alarm.
 */
export async function loggedAlarm(
  env: Pick<Env, "METRICS">,
  object: "member" | "market",
  fields: LogFields & { siteId?: string },
  run: () => Promise<void>,
): Promise<void> {
  const started = Date.now();
  const requestId = crypto.randomUUID();
  try {
    await run();
    log("info", "alarm", {
      worker: "platform",
      requestId,
      object,
      ...fields,
      outcome: "ok",
      durationMs: since(started),
    });
  } catch (error) {
    log("error", "alarm", {
      worker: "platform",
      requestId,
      object,
      ...fields,
      outcome: "threw",
      durationMs: since(started),
      ...errorFields(error),
    });
    recordMetric(env, "error", fields.siteId, `${object} alarm`);
    throw error;
  }
}
