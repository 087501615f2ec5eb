import { DEFAULT_PAIRS } from "../../server/platform/market/pairs";
import { createPlatform, type Platform } from "./platform";
import { createStack, type Stack } from "./site";

/**
 * One platform and one stack per vitest worker process, shared by the files that run in it one
 * after another (the workerd project runs without module isolation: tests/vitest.config.ts).
 * Starting workerd costs one to three seconds a file on two busy cores; most files need nothing
 * a shared one lacks.
 *
 * A file may share only if it leaves nothing another file could see: its own site ids (or the
 * demo sites, unchanged), members from `unique()` or `freshMember()`, no change to a pair, an
 * operator, the owner key or anything else the whole platform holds, and no stream or open
 * position left ticking. A file that needs a platform of its own (a test entry, other bindings,
 * another clock, a change to shared state) calls createPlatform or createStack as before.
 *
 * `dispose()` of a shared one does nothing: the next file still needs it. Miniflare stops its
 * workerd when the worker process exits.
 */
let platform: Promise<Platform> | undefined;
let stack: Promise<Stack> | undefined;

const kept = <T extends { dispose(): Promise<void> }>(made: T): T => ({ ...made, dispose: async () => undefined });

/** The worker's shared platform (tests/helpers/platform.ts, createPlatform with no options). */
export function sharedPlatform(): Promise<Platform> {
  platform ??= createPlatform()
    .then(kept)
    .catch((error: unknown) => {
      // a start that failed is tried again by the next file, not handed to it
      platform = undefined;
      throw error;
    });
  return platform;
}

/** The pair whose periods last an hour on the shared stack. */
export const HOUR_PAIR = "BTC-USDT";

/**
 * The worker's shared stack (tests/helpers/site.ts, createStack with no options): both demo sites
 * seeded, and BTC-USDT with hour-long periods, put before its market first runs, so a bet on the
 * next period never meets the cut-off by chance.
 */
export function sharedStack(): Promise<Stack> {
  stack ??= (async () => {
    const made = await createStack();
    const { envelope } = await made.platform.operator("operatorPutPair", {
      params: { pair: HOUR_PAIR },
      body: { ...DEFAULT_PAIRS[HOUR_PAIR]!, periodSeconds: 3600, cutoffSeconds: 1 },
    });
    if (envelope.statusCode !== 200) throw new Error(`the shared stack's ${HOUR_PAIR}: ${envelope.message}`);
    return kept({ ...made, platform: kept(made.platform) });
  })().catch((error: unknown) => {
    stack = undefined;
    throw error;
  });
  return stack;
}
