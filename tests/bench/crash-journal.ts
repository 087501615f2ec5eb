import { randomUUID } from "node:crypto";
import {
  CALLS,
  callRequest,
  type CallBody,
  type CallData,
  type CallInput,
  type CallName,
  type CallParams,
  type CallQuery,
  type Envelope,
} from "../../server/contract";
import { PLATFORM, SITE_ID } from "./config";
import { sleep } from "./stats";

/**
 * The crash scenario's client (crash.ts): every request of the run goes through `send`, which
 * records every answer it gets, and sends a request that got no answer (the server was killed
 * under it) again, unchanged and with the same idempotency key, once the server is back, until it
 * is answered: what a careful client does. The journal is what the audit (crash-audit.ts) judges.
 */

export type Mode = "real" | "practice";

/** One idempotency key with one body: every answer it got, in order, as the bytes that came. */
export interface KeyEntry {
  key: string;
  call: CallName;
  member: number;
  mode: Mode;
  /** the body as sent (JSON), and what `params` filled the path with */
  body: string;
  params: string;
  answers: string[];
  /** sent again because no answer came (the server died under it) */
  resent: number;
  /** deliberate replays sent (same key, same body) */
  replays: number;
  /** how many answers it had when the final replay round (after the run) sent it again */
  answersBeforeFinal?: number;
}

/** A request with the same key and another body: it must be refused and change nothing. */
export interface ConflictEntry {
  key: string;
  call: CallName;
  member: number;
  mode: Mode;
  body: string;
  answers: string[];
}

/** Operator calls (no idempotency key): what each answered, for the decisions' audit. */
export interface OperatorEntry {
  call: CallName;
  params: string;
  answers: string[];
}

export interface Journal {
  keys: Map<string, KeyEntry>;
  conflicts: ConflictEntry[];
  operatorCalls: OperatorEntry[];
  /** requests sent (every attempt), and those that got no answer at all */
  sent: number;
  unanswered: number;
  /** answers that were not the platform's envelope (e.g. the runtime's own error page), sent again */
  notEnvelopes: string[];
}

export function newJournal(): Journal {
  return { keys: new Map(), conflicts: [], operatorCalls: [], sent: 0, unanswered: 0, notEnvelopes: [] };
}

type CallArgs<N extends CallName> = {
  params?: CallParams<N>;
  query?: CallQuery<N>;
  body?: CallBody<N>;
  mode?: Mode;
  file?: Blob;
};

/** The server's state as the scenario sees it: requests wait while it is down. */
export class Server {
  private upNow: Promise<void> = Promise.resolve();
  private release: () => void = () => {};
  /** requests sent and not answered yet */
  inFlight = 0;

  down(): void {
    this.upNow = new Promise<void>((resolve) => (this.release = resolve));
  }

  up(): void {
    this.release();
  }

  /** The server will not come back (a restart failed): every waiting request fails with `error`. */
  fail(error: unknown): void {
    this.upNow = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    this.upNow.catch(() => undefined);
    this.release();
  }

  whenUp(): Promise<void> {
    return this.upNow;
  }
}

/** No request waits longer than this for its answer: then it counts as unanswered and is sent again. */
const TIMEOUT_MS = 60_000;

export class Client {
  constructor(
    readonly journal: Journal,
    readonly server: Server,
    private readonly operatorKey: string,
  ) {}

  /**
   * Sends until an envelope comes back: a request that got no answer (connection refused or
   * reset, the timeout) waits for the server and goes again, unchanged.
   */
  private async exchange(make: () => Request): Promise<{ text: string; resent: number }> {
    let resent = 0;
    for (;;) {
      await this.server.whenUp();
      this.journal.sent += 1;
      this.server.inFlight += 1;
      let text: string | undefined;
      try {
        const response = await fetch(make(), { signal: AbortSignal.timeout(TIMEOUT_MS) });
        text = await response.text();
      } catch {
        text = undefined;
      } finally {
        this.server.inFlight -= 1;
      }
      if (text === undefined) {
        this.journal.unanswered += 1;
        resent += 1;
        await sleep(200);
        continue;
      }
      if (!isEnvelope(text)) {
        // not the platform's answer (a runtime error page while it comes up): as good as none
        if (this.journal.notEnvelopes.length < 10) this.journal.notEnvelopes.push(text.slice(0, 200));
        resent += 1;
        await sleep(500);
        continue;
      }
      return { text, resent };
    }
  }

  /**
   * A member's idempotent call with `key` (new by default). The answer is recorded under its key
   * and body; a body other than the one first sent with this key is recorded as a conflict.
   */
  async member<N extends CallName>(
    member: number,
    token: string,
    name: N,
    input: CallArgs<N>,
    key: string = randomUUID(),
  ): Promise<{ envelope: Envelope<CallData<N>>; key: string }> {
    const spec = CALLS[name];
    const idempotencyKey = "idempotent" in spec && spec.idempotent ? key : undefined;
    const body = spec.method === "GET" ? undefined : (input.body ?? ({} as CallBody<N>));
    const make = () =>
      callRequest(
        name,
        { ...input, body, token, siteId: SITE_ID, idempotencyKey, mode: input.mode } as CallInput<N>,
        PLATFORM,
      );
    const bodyText = JSON.stringify(body ?? null);
    const paramsText = JSON.stringify(input.params ?? null);
    let entry: KeyEntry | ConflictEntry | undefined;
    if (idempotencyKey !== undefined) {
      const known = this.journal.keys.get(key);
      if (!known) {
        entry = {
          key,
          call: name,
          member,
          mode: input.mode ?? "real",
          body: bodyText,
          params: paramsText,
          answers: [],
          resent: 0,
          replays: 0,
        };
        this.journal.keys.set(key, entry);
      } else if (known.body === bodyText && known.params === paramsText && known.call === name) {
        known.replays += 1;
        entry = known;
      } else {
        entry = { key, call: name, member, mode: input.mode ?? "real", body: bodyText, answers: [] };
        this.journal.conflicts.push(entry);
      }
    }
    const { text, resent } = await this.exchange(make);
    if (entry) {
      entry.answers.push(text);
      if ("resent" in entry) entry.resent += resent;
    }
    return { envelope: JSON.parse(text) as Envelope<CallData<N>>, key };
  }

  /** A read (or any call not recorded by key). */
  async read<N extends CallName>(
    token: string | undefined,
    name: N,
    input: CallArgs<N> = {},
  ): Promise<Envelope<CallData<N>>> {
    const make = () =>
      callRequest(name, { ...input, token, siteId: SITE_ID, mode: input.mode } as CallInput<N>, PLATFORM);
    return JSON.parse((await this.exchange(make)).text) as Envelope<CallData<N>>;
  }

  /** The data of a read that must succeed. */
  async must<N extends CallName>(token: string | undefined, name: N, input: CallArgs<N> = {}): Promise<CallData<N>> {
    const envelope = await this.read(token, name, input);
    if (envelope.statusCode !== 200) throw new Error(`${name}: ${envelope.statusCode} ${envelope.message}`);
    return envelope.data as CallData<N>;
  }

  /** An operator call; its answers are kept (operator decisions carry no idempotency key). */
  async operator<N extends CallName>(name: N, input: CallArgs<N>): Promise<Envelope<CallData<N>>> {
    const spec = CALLS[name];
    const body = spec.method === "GET" ? undefined : (input.body ?? ({} as CallBody<N>));
    const make = () => callRequest(name, { ...input, body, token: this.operatorKey } as CallInput<N>, PLATFORM);
    const entry: OperatorEntry = { call: name, params: JSON.stringify(input.params ?? null), answers: [] };
    this.journal.operatorCalls.push(entry);
    const { text } = await this.exchange(make);
    entry.answers.push(text);
    return JSON.parse(text) as Envelope<CallData<N>>;
  }
}

function isEnvelope(text: string): boolean {
  try {
    const value = JSON.parse(text) as unknown;
    return (
      typeof value === "object" && value !== null && typeof (value as { statusCode?: unknown }).statusCode === "number"
    );
  } catch {
    return false;
  }
}
