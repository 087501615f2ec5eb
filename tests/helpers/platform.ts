import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { Miniflare, type WorkerOptions } from "miniflare";
import {
  callRequest,
  type CallBody,
  type CallData,
  type CallInput,
  type CallName,
  type Envelope,
  type SiteConfigPatch,
  type SiteInfo,
} from "../../server/contract";

/** Built by `npm run build:platform` (tests/global-setup.ts does it when sources are newer). */
export const PLATFORM_BUNDLE = fileURLToPath(new URL("../../.build/platform/worker.js", import.meta.url));
export const PLATFORM_WORKER_NAME = "member-platform";
export const TEST_OPERATOR_KEY = "test-operator-key";
/** The test platforms' local beacon secret (its BLS key is derived from it: contract/beacon-signature.ts). */
export const TEST_BEACON_SECRET = "test-local-beacon-secret";

/**
 * Miniflare options of the platform worker, as deployed by server/platform/wrangler.toml.
 * Another worker reaches it with `serviceBindings: { PLATFORM: PLATFORM_WORKER_NAME }`.
 */
export function platformWorkerOptions(
  operatorKey = TEST_OPERATOR_KEY,
  bindings: Record<string, string> = {},
): WorkerOptions {
  return {
    name: PLATFORM_WORKER_NAME,
    modules: true,
    scriptPath: PLATFORM_BUNDLE,
    compatibilityDate: "2025-09-01",
    durableObjects: {
      SITE: { className: "SiteObject", useSQLite: true },
      MEMBER: { className: "MemberObject", useSQLite: true },
      MARKET: { className: "MarketObject", useSQLite: true },
      OPERATORS: { className: "OperatorObject", useSQLite: true },
    },
    // Miniflare's local Analytics Engine, as `wrangler dev` has it: it takes data points and drops them
    analyticsEngineDatasets: { METRICS: { dataset: "member_platform_metrics_test" } },
    r2Buckets: ["UPLOADS", "EXPORTS"],
    // a development platform unless a test says otherwise: production refuses the test key
    // the local beacon (decision 031) with a key of the tests' own: no network in tests
    bindings: {
      ENVIRONMENT: "development",
      OPERATOR_KEY: operatorKey,
      LOCAL_BEACON_SECRET: TEST_BEACON_SECRET,
      ...bindings,
    },
  };
}

/**
 * The outermost module of every test platform (never deployed): the entry's exports as they are,
 * plus `POST /__test__/object`, which calls a method of a durable object from inside workerd for
 * objectStub below. Tests used to reach the objects through Miniflare's synchronous proxy, whose
 * request and answer can fall out of step on a loaded machine (its helper thread wakes the caller
 * once for an answer it already took, so the next call reads nothing and every later one the
 * answer before its own), failing the rest of the file.
 */
const OBJECT_CALL_ENTRY = `
  import entry from "./entry.js";
  export * from "./entry.js";
  export default {
    async fetch(request, env, ctx) {
      if (new URL(request.url).pathname !== "/__test__/object") return entry.fetch(request, env, ctx);
      const { namespace, name, method, args } = await request.json();
      try {
        const stub = env[namespace].get(env[namespace].idFromName(name));
        return Response.json({ value: (await stub[method](...args)) ?? null });
      } catch (error) {
        return Response.json({ error: error instanceof Error ? error.message : String(error) }, { status: 500 });
      }
    },
  };
`;
const BUNDLE_AS_ENTRY = `export * from "./worker.js";\nexport { default } from "./worker.js";`;

/**
 * The platform worker behind a test entry module that imports the real bundle as "./worker.js"
 * and may wrap its exports (e.g. make the SiteObject's enqueue fail once to exercise the outbox),
 * or the bundle as it is; either way behind OBJECT_CALL_ENTRY.
 */
function wrappedPlatformOptions(operatorKey: string, entry: string, bindings: Record<string, string>): WorkerOptions {
  const { scriptPath: _, ...rest } = platformWorkerOptions(operatorKey, bindings) as WorkerOptions & {
    scriptPath?: string;
  };
  return {
    ...rest,
    modules: [
      { type: "ESModule", path: "test-entry.js", contents: OBJECT_CALL_ENTRY },
      { type: "ESModule", path: "entry.js", contents: entry },
      { type: "ESModule", path: "worker.js", contents: readFileSync(PLATFORM_BUNDLE, "utf8") },
    ],
  } as WorkerOptions;
}

/** A durable object's namespace binding on the platform worker. */
export type ObjectNamespace = "SITE" | "MEMBER" | "MARKET" | "OPERATORS";

/**
 * A durable object of the platform, named as the platform names it (idFromName), whose methods
 * (the real ones and those a test entry adds) the test calls: `T` lists them. Each call goes
 * through the platform's fetch (OBJECT_CALL_ENTRY), so arguments and answers are JSON; a method
 * that throws rejects with its message.
 */
export function objectStub<T extends object>(
  platform: Pick<Platform, "fetch">,
  namespace: ObjectNamespace,
  name: string,
): T {
  const call = async (method: string, args: unknown[]) => {
    const response = await platform.fetch("/__test__/object", {
      method: "POST",
      body: JSON.stringify({ namespace, name, method, args }),
    });
    const answer = (await response.json()) as { value?: unknown; error?: string };
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer.value;
  };
  // any method name is a call; `then` is not, so the stub itself is not taken for a promise
  return new Proxy({} as T, {
    get: (_, method) =>
      method === "then" || typeof method !== "string" ? undefined : (...args: unknown[]) => call(method, args),
  });
}

/** A test's call: the contract's inputs (server/contract/request.ts); `token` is a member token or the operator key. */
export type CallOptions<N extends CallName> = Partial<
  Pick<CallInput<N>, "params" | "query" | "body" | "file" | "token" | "siteId" | "headers">
>;

export interface CallResult<T> {
  /** the HTTP status, which the platform keeps equal to envelope.statusCode */
  status: number;
  envelope: Envelope<T>;
}

export interface TestMember {
  siteId: string;
  account: string;
  password: string;
  transactionPassword: string;
  realName: string;
  areaCode: string;
  mobile: string;
  token: string;
}

export interface Platform {
  mf: Miniflare;
  /** a raw request to the platform worker; `path` starts with "/" */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** a call of the contract by name, with its path filled and its query and body encoded */
  call<N extends CallName>(name: N, options?: CallOptions<N>): Promise<CallResult<CallData<N>>>;
  /** an operator call with the test operator key (or `key`) */
  operator<N extends CallName>(
    name: N,
    options: Omit<CallOptions<N>, "token">,
    key?: string,
  ): Promise<CallResult<CallData<N>>>;
  /**
   * adds an operator to the registry with the owner key (server/platform/README.md, "Operators");
   * answers their id and their key (shown once); throws unless the platform accepted it
   */
  createOperator(body: CallBody<"operatorCreate">): Promise<TestOperator>;
  /** creates the site, or merges `patch` into it; throws unless the platform accepted it */
  seedSite(siteId: string, patch?: SiteConfigPatch): Promise<SiteInfo>;
  /** signs a new member up on a seeded site and signs them in; throws on any failure */
  signupMember(siteId: string, overrides?: Partial<Omit<TestMember, "siteId" | "token">>): Promise<TestMember>;
  dispose(): Promise<void>;
}

export interface TestOperator {
  id: string;
  key: string;
  name: string;
}

export interface PlatformOptions {
  /** workers run beside the platform; the first one receives `mf.dispatchFetch` */
  extraWorkers?: WorkerOptions[];
  operatorKey?: string;
  /** source of an entry module wrapping the bundle's exports (imported from "./worker.js") */
  wrapEntry?: string;
  /** extra environment variables of the platform worker (e.g. SMS_PROVIDER) */
  bindings?: Record<string, string>;
  /**
   * Hands the workers' stdout and stderr (every log line, tests/site/logs.test.ts) to the test
   * instead of the terminal; with `metrics`, each data point METRICS is given is written to stdout
   * as a `{"event":"metric",…}` line.
   */
  observe?: { stdio: (stdout: Readable, stderr: Readable) => void; metrics?: boolean };
}

/**
 * The workers' output in a test that does not observe it: every request's and alarm's info line
 * (server/log) is dropped, thousands a run; warnings, errors and anything else still show.
 */
function quietInfoLines(stdout: Readable, stderr: Readable): void {
  for (const [stream, sink] of [
    [stdout, process.stdout],
    [stderr, process.stderr],
  ] as const) {
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
      if (!line.includes('"level":"info"')) sink.write(`${line}\n`);
    });
  }
}

/** A METRICS binding that writes each data point as a log line (PlatformOptions.observe). */
const METRICS_RECORDER: WorkerOptions = {
  name: "metrics-recorder",
  modules: [
    {
      type: "ESModule",
      path: "recorder.js",
      contents: `export default function () {
        return { writeDataPoint(point) { console.log(JSON.stringify({ event: "metric", ...point })); } };
      }`,
    },
  ],
};

let uniqueCounter = 0;
/** Accounts and mobiles that no other test of the run uses. */
export function unique(): { account: string; mobile: string } {
  uniqueCounter += 1;
  const n = (process.pid * 1000 + uniqueCounter) % 100_000_000;
  return { account: `user${process.pid}x${uniqueCounter}`, mobile: `09${String(n).padStart(8, "0")}` };
}

/** A valid sign-up body with a fresh account and mobile; `overrides` replace any field. */
export function signupBody(
  siteId: string,
  overrides: Partial<CallBody<"signup">> = {},
): CallBody<"signup"> & {
  referralCode?: string;
  // the full body an old client sends: every optional detail given
  transactionPassword: string;
  realName: string;
  areaCode: string;
  mobile: string;
} {
  const fresh = unique();
  return {
    siteId,
    account: fresh.account,
    password: "secret-pass-1",
    transactionPassword: "trade-pass-2",
    realName: "Test Member",
    areaCode: "+886",
    mobile: fresh.mobile,
    ...overrides,
  } as ReturnType<typeof signupBody>;
}

export async function createPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const operatorKey = options.operatorKey ?? TEST_OPERATOR_KEY;
  const platformWorker = wrappedPlatformOptions(
    operatorKey,
    options.wrapEntry ?? BUNDLE_AS_ENTRY,
    options.bindings ?? {},
  );
  if (options.observe?.metrics) {
    delete platformWorker.analyticsEngineDatasets;
    platformWorker.wrappedBindings = { METRICS: { scriptName: METRICS_RECORDER.name! } };
  }
  const mf = new Miniflare({
    workers: [...(options.extraWorkers ?? []), platformWorker, ...(options.observe?.metrics ? [METRICS_RECORDER] : [])],
    handleRuntimeStdio: options.observe?.stdio ?? quietInfoLines,
  });
  await mf.ready;
  const worker = await mf.getWorker(PLATFORM_WORKER_NAME);

  const fetchPlatform = async (path: string, init?: RequestInit): Promise<Response> =>
    (await worker.fetch(`http://platform.test${path}`, init as never)) as unknown as Response;

  const call = async <N extends CallName>(name: N, callOptions: CallOptions<N> = {}) => {
    const request = callRequest(name, callOptions, "http://platform.test");
    const body = request.body ? await request.arrayBuffer() : undefined;
    const response = await fetchPlatform(new URL(request.url).pathname + new URL(request.url).search, {
      method: request.method,
      headers: [...request.headers],
      body,
    });
    return { status: response.status, envelope: (await response.json()) as Envelope<CallData<N>> };
  };

  const operator = <N extends CallName>(name: N, callOptions: Omit<CallOptions<N>, "token">, key = operatorKey) =>
    call(name, { ...callOptions, token: key } as CallOptions<N>);

  const seedSite = async (siteId: string, patch: SiteConfigPatch = {}) => {
    const { envelope } = await operator("operatorPutSite", { params: { siteId }, body: patch });
    if (envelope.statusCode !== 200) throw new Error(`seedSite ${siteId}: ${envelope.message}`);
    return envelope.data as SiteInfo;
  };

  const createOperator = async (body: CallBody<"operatorCreate">): Promise<TestOperator> => {
    const { envelope } = await operator("operatorCreate", { body });
    if (envelope.statusCode !== 200) throw new Error(`createOperator ${body.name}: ${envelope.message}`);
    return { id: envelope.data!.operator.id, key: envelope.data!.key, name: envelope.data!.operator.name };
  };

  const signupMember: Platform["signupMember"] = async (siteId, overrides = {}) => {
    const { referralCode: _, ...member } = signupBody(siteId, overrides);
    const signup = await call("signup", { body: member });
    if (signup.envelope.statusCode !== 200) throw new Error(`signup on ${siteId}: ${signup.envelope.message}`);
    const signin = await call("signin", { body: { siteId, account: member.account, password: member.password } });
    if (signin.envelope.statusCode !== 200) throw new Error(`signin on ${siteId}: ${signin.envelope.message}`);
    return { ...member, token: signin.envelope.data!.token };
  };

  return {
    mf,
    fetch: fetchPlatform,
    call,
    operator,
    createOperator,
    seedSite,
    signupMember,
    dispose: () => mf.dispose(),
  };
}

/**
 * JavaScript for a test wrapper entry (see createPlatform's `wrapEntry`): stops the isolate's clock.
 * `Date.now()` and `new Date()` answer `frozen` while it is set (the entry sets it), else the real
 * time. Used by the stopped-clock entry (tests/platform/center-helpers.ts) and the fault entry.
 */
export const STOPPED_CLOCK_JS = `
  const RealDate = Date;
  let frozen = null;
  const current = () => (frozen === null ? RealDate.now() : frozen);
  class StoppedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(current());
      else super(...args);
    }
    static now() { return current(); }
  }
  globalThis.Date = StoppedDate;
`;

/**
 * A wrapper entry on a stopped clock whose market can be told every option's outcome: `POST
 * /__test__/clock` sets the clock, `POST /__test__/outcome` with "win", "lose" or "refund" forces
 * the result of any period asked for (the previous direction then null), or with the JSON of
 * `{ outcomes, previous }` a result as a real round could have it (an empty outcome is not
 * accepted: the next real result needs a new platform), and the member object's `runAlarm()` delivers its alarm by hand. Far enough
 * ahead of real time, no alarm fires by itself, so every figure is known in advance
 * (tests/platform/campaigns.test.ts, practice.test.ts, protection.test.ts). `memberMethods` adds
 * methods to the member object (e.g. reading its tables).
 */
export function forcedOutcomeEntry(memberMethods = ""): string {
  return `
  import worker, { MarketObject, MemberObject, SiteObject } from "./worker.js";
  export { OperatorObject } from "./worker.js";
  ${STOPPED_CLOCK_JS}
  let forced = null;
  const OPTIONS = ["high", "low", "odd", "even", "rise", "fall", "counter", "draw"];
  class TestMarketObject extends MarketObject {
    result(symbol, start) {
      if (forced === null) return super.result(symbol, start);
      // a round given in full (its outcomes and the previous direction), or one outcome for every option
      if (forced.startsWith("{")) return { ok: true, data: { openPrice: 100, closePrice: 100, lastDigit: 0, ...JSON.parse(forced) } };
      return { ok: true, data: { openPrice: 100, closePrice: 100, lastDigit: 0, previous: null, outcomes: Object.fromEntries(OPTIONS.map((o) => [o, forced])) } };
    }
  }
  class TestMemberObject extends MemberObject {
    async runAlarm() { await this.alarm(); }
    ${memberMethods}
  }
  export { TestMarketObject as MarketObject, TestMemberObject as MemberObject, SiteObject };
  export default {
    async fetch(request, env, ctx) {
      const path = new URL(request.url).pathname;
      if (path === "/__test__/clock") {
        frozen = Number(await request.text());
        return new Response(new Date().toISOString());
      }
      if (path === "/__test__/outcome") {
        forced = await request.text();
        return new Response(forced);
      }
      return worker.fetch(request, env, ctx);
    },
  };
`;
}
