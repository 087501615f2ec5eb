import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "../../server/platform/site/png";
import type { z } from "zod";
import {
  CALLS,
  DEFAULT_CONTRACT_SETTINGS,
  fillPath,
  IDEMPOTENCY_HEADER,
  MESSAGE_CODES,
  SITE_HEADER,
  type CallName,
  type Envelope,
  type MessageCode,
} from "../../server/contract";
import { FAULT_ENTRY, memberIdOf, memberObject, setPlatformClock, siteObject } from "../helpers/faults";
import { createPlatform, signupBody, TEST_OPERATOR_KEY, type Platform, type TestMember } from "../helpers/platform";
import { fastPair } from "./game-helpers";
import {
  BANK_OPTION,
  bankBody,
  DEMO_OPTION,
  MONEY_SITE,
  PNG_1X1,
  POOL_OPTION,
  TEST_XPUB,
  uploadAll,
  uploadDocument,
  XPUB_OPTION,
} from "./money-helpers";
import { tronAddresses } from "../../server/cli/seed/tron-addresses";

/**
 * Invariant 6 (server/platform/README.md, "Invariants") for every call of the contract: bad
 * input gets a clear error code and changes nothing. The cases are generated from each call's zod schemas (params, query, body, the
 * Idempotency-Key header): missing fields, wrong JSON types, an extra field, malformed or
 * oversized JSON, negative, zero, fractional and huge amounts, "NaN", strings of 10,000
 * characters, control characters, a right-to-left override and a script tag in every string.
 *
 * What a string may hold is a decision per field, written in TABLE: `text` (free text: a script
 * tag or a right-to-left mark is kept as given, the site escapes it; control characters and
 * anything over the field's limit are refused), `secret` (a password: never shown, any printable
 * character, control characters refused), `raw` (the operator's site script, kept as given), or
 * `id` (a lookup key: an unknown one is answered with the call's not-found code). A string with a
 * format (regex, enum, URL, e-mail, date) refuses all of them. A call missing from TABLE, or a
 * free-form string no entry classifies, fails the suite, so a new call or field needs a decision.
 *
 * Before and after the refused cases of a call, the site's and the member's Durable Object tables
 * are dumped whole and compared: a refusal that changed anything fails.
 */

const SITE = "bad-input";
const PAIR = "BAD-USDT";
const CONFIG = {
  ...MONEY_SITE,
  depositOptions: [DEMO_OPTION, BANK_OPTION, POOL_OPTION, XPUB_OPTION],
  socialOptions: [{ name: "Telegram", url: "https://t.me/badinput" }],
  redirects: [{ from: "/promo", to: "/user", permanent: false }],
  appLinks: [{ platform: "ios" as const, url: "https://apps.example.com/bad-input" }],
  // a sample of every operator text in another language, so each gets its bad values
  terms: "Additional terms.",
  translations: {
    ja_JP: {
      title: "タイトル",
      description: "説明",
      keywords: "キーワード",
      copyRight: "© 日本語",
      gameName: "ゲーム",
      terms: "追加規約",
      games: { binary: "バイナリ" },
      depositOptions: { [DEMO_OPTION.id]: { name: "デモ入金", instructions: "すぐに入金されます。" } },
    },
  },
  // an opt-in bonus to join, and one for the operator to end (ending it again changes nothing)
  campaignRules: [
    {
      kind: "deposit_bonus",
      key: "bad-input-bonus",
      optIn: true,
      startsAt: "2020-01-01T00:00:00.000Z",
      endsAt: null,
      cap: 10_000,
      percentBp: 1000,
      deposits: "each",
      wagering: 5,
    },
    {
      kind: "rebate",
      key: "bad-input-ended",
      optIn: false,
      startsAt: "2020-01-01T00:00:00.000Z",
      endsAt: null,
      cap: 10_000,
      percentBp: 500,
      period: "day",
      rounds: 0,
    },
  ],
  pairs: [PAIR],
  // a close-only pair the site does not trade, so the list has a sample to put bad values in
  contractSettings: { ...DEFAULT_CONTRACT_SETTINGS, closeOnlyPairs: ["ETH-USDT"] },
  betAmounts: [100, 500],
  minBetAmount: 100,
  maxBetAmount: 100_000,
};

let platform: Platform;
/** the member most calls are made as: funded, with an approved bank account, a message and a document */
let member: TestMember;
let fixtures: { messageId: string; fileId: string };

// requests ----------------------------------------------------------------------------------------

interface Req {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** the body's exact text (malformed or oversized JSON) instead of `body` */
  rawBody?: string;
  /** a multipart call: its text fields are `body`; `file` its file (null: none) */
  file?: Uint8Array | null;
  /** the Idempotency-Key; a fresh one when undefined, none when null */
  key?: string | null;
  /** the member token (member calls) when not the shared member's */
  token?: string;
}

type Answer = { status: number; envelope: Envelope<unknown> | null; raw: boolean };

const BIG = "__MAX_SAFE_INTEGER_PLUS_2__";

async function send(name: CallName, req: Req): Promise<Answer> {
  const spec = CALLS[name];
  let path = fillPath(spec.path, req.params as Record<string, string>);
  if (req.query) {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(req.query)) if (v !== undefined) search.set(k, String(v));
    if (search.size > 0) path += `?${search}`;
  }
  const headers: Record<string, string> = {};
  if (spec.auth === "operator") headers.Authorization = `Bearer ${TEST_OPERATOR_KEY}`;
  if (spec.auth === "member") {
    headers.Authorization = `Bearer ${req.token ?? member.token}`;
    headers[SITE_HEADER] = SITE;
  }
  if ("idempotent" in spec && req.key !== null) headers[IDEMPOTENCY_HEADER] = req.key ?? crypto.randomUUID();
  const init: RequestInit = { method: spec.method, headers };
  if ("multipart" in spec && req.rawBody === undefined) {
    const form = new FormData();
    for (const [k, v] of Object.entries((req.body ?? {}) as Record<string, unknown>))
      form.set(k, typeof v === "string" ? v : JSON.stringify(v));
    if (req.file) form.set("file", new Blob([new Uint8Array(req.file)], { type: "image/png" }), "document.png");
    const encoded = new Response(form);
    headers["Content-Type"] = encoded.headers.get("Content-Type")!;
    init.body = Buffer.from(await encoded.arrayBuffer());
  } else if (req.rawBody !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = req.rawBody;
  } else if (req.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(req.body).replaceAll(`"${BIG}"`, "9007199254740993");
  }
  const response = await platform.fetch(path, init);
  const json = (response.headers.get("Content-Type") ?? "").startsWith("application/json");
  return {
    status: response.status,
    envelope: json ? ((await response.json()) as Envelope<unknown>) : null,
    raw: !json,
  };
}

// the schemas, read ---------------------------------------------------------------------------

type Any = z.ZodTypeAny;
type Path = (string | number)[];
type LeafKind = "string" | "number" | "boolean" | "choice";

interface Leaf {
  path: Path;
  kind: LeafKind;
  optional: boolean;
  nullable: boolean;
  /** strings: has a format (regex, URL, e-mail, date, prefix), so free text never fits */
  formatted: boolean;
  max: number;
  /** numbers: integers only; `coerce`: read from a query string */
  int: boolean;
  coerce: boolean;
  /** a literal's one value (startBreak's `confirm: true`): the wrong-type case of its own type is its opposite */
  literal?: unknown;
}

interface Container {
  path: Path;
  kind: "object" | "array" | "record";
}

function unwrap(schema: Any): { schema: Any; optional: boolean; nullable: boolean } {
  let optional = false;
  let nullable = false;
  let s = schema;
  for (;;) {
    const t = s._def.typeName as string;
    if (t === "ZodOptional" || t === "ZodDefault") {
      optional = true;
      s = s._def.innerType;
    } else if (t === "ZodNullable") {
      nullable = true;
      s = s._def.innerType;
    } else if (t === "ZodEffects") s = s._def.schema;
    else if (t === "ZodPipeline") s = s._def.in;
    else return { schema: s, optional, nullable };
  }
}

/** Whether a refinement wraps the schema (under optional, default or nullable). */
function refined(schema: Any): boolean {
  for (let s = schema; s; s = s._def.innerType) if (s._def.typeName === "ZodEffects") return true;
  return false;
}

function stringLeaf(s: Any): { formatted: boolean; max: number } {
  const checks = s._def.checks as { kind: string; value?: number }[];
  return {
    formatted: checks.some((c) => ["regex", "email", "url", "datetime", "startsWith", "uuid"].includes(c.kind)),
    max: checks.find((c) => c.kind === "max")?.value ?? Infinity,
  };
}

function walk(schema: Any, path: Path, leaves: Leaf[], containers: Container[]): void {
  const { schema: s, optional, nullable } = unwrap(schema);
  const base = { path, optional, nullable, formatted: false, max: Infinity, int: false, coerce: false };
  switch (s._def.typeName as string) {
    case "ZodObject":
      containers.push({ path, kind: "object" });
      for (const [key, child] of Object.entries((s as z.AnyZodObject).shape))
        walk(child as Any, [...path, key], leaves, containers);
      return;
    case "ZodArray":
      containers.push({ path, kind: "array" });
      return walk(s._def.type, [...path, 0], leaves, containers);
    case "ZodRecord": {
      containers.push({ path, kind: "record" });
      const from = leaves.length;
      walk(s._def.valueType, [...path, "*"], leaves, containers);
      // an entry of a plain record may be absent (a translation of one game); a refined one (odds) says which must be there
      if (!refined(schema))
        for (const leaf of leaves.slice(from)) if (leaf.path.length === path.length + 1) leaf.optional = true;
      return;
    }
    case "ZodString":
      leaves.push({ ...base, kind: "string", ...stringLeaf(s) });
      return;
    case "ZodNumber": {
      const checks = s._def.checks as { kind: string }[];
      leaves.push({
        ...base,
        kind: "number",
        int: checks.some((c) => c.kind === "int"),
        coerce: Boolean(s._def.coerce),
      });
      return;
    }
    case "ZodBoolean":
      leaves.push({ ...base, kind: "boolean" });
      return;
    case "ZodEnum":
      leaves.push({ ...base, kind: "choice" });
      return;
    case "ZodLiteral":
      leaves.push({ ...base, kind: "choice", literal: s._def.value as unknown });
      return;
    case "ZodUnion": {
      // "" or an e-mail address: a formatted string; a language or "": a choice
      const text = (s._def.options as Any[]).map((o) => unwrap(o).schema).find((o) => o._def.typeName === "ZodString");
      leaves.push(
        text ? { ...base, kind: "string", ...stringLeaf(text), formatted: true } : { ...base, kind: "choice" },
      );
      return;
    }
    default:
      throw new Error(`no cases for ${s._def.typeName} at ${path.join(".")}`);
  }
}

function shapeOf(name: CallName) {
  const spec = CALLS[name] as { params?: Any; query?: Any; body?: Any };
  const leaves: Leaf[] = [];
  const containers: Container[] = [];
  for (const part of ["params", "query", "body"] as const)
    if (spec[part]) walk(spec[part]!, [part], leaves, containers);
  return { leaves, containers };
}

const clone = <T>(value: T): T => structuredClone(value);

/**
 * `*` in a path is a record's first key in the valid request; `0` an array's first item that has
 * the rest of the path (a bank deposit option has a bankAccount, a crypto one its crypto details:
 * no one item has both).
 */
function resolve(req: Req, path: Path): Path | null {
  const out: Path = [];
  let node: unknown = req;
  for (const [i, step] of path.entries()) {
    const firstWith = () => (node as unknown[]).findIndex((item) => resolve(item as Req, path.slice(i + 1)) !== null);
    const key =
      step === "*" && node && typeof node === "object"
        ? Object.keys(node)[0]
        : step === 0 && Array.isArray(node) && i < path.length - 1
          ? Math.max(firstWith(), 0)
          : step;
    if (key === undefined) return null;
    out.push(key);
    if (i < path.length - 1) {
      node = (node as Record<string | number, unknown> | undefined)?.[key];
      if (node === undefined || node === null) return null;
    }
  }
  return out;
}

function setAt(req: Req, path: Path, value: unknown): Req {
  const copy = clone(req) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy as Req;
}

// the cases ---------------------------------------------------------------------------------------

type StringClass =
  { class: "text" } | { class: "secret" } | { class: "raw" } | { class: "id"; missing: MessageCode | "found nothing" };

/** refused: 400 with a code, nothing changed; read: 200, nothing changed; kept: 200, stored as given. */
type Outcome = { refused: MessageCode } | { read: true } | { kept: string };

interface Case {
  label: string;
  outcome: Outcome;
  make(valid: Req): Req;
}

const LONG = "x".repeat(10_000);
/** one of each kind: C0, a terminal escape sequence, C1 */
const CONTROL: Record<string, string> = {
  "a NUL": "a\u0000b",
  "an escape sequence": "a\u001b[31mb",
  "a C1 control (NEL)": "a\u0085b",
};
const RTL = "abc\u202Edef";
const SCRIPT = "<script>alert(1)</script>";

const fieldName = (path: Path) => path.join(".").replace(/\.0(?=\.|$)/g, "[0]");

function leafCases(entry: Entry, leaf: Leaf, valid: Req): Case[] | string {
  const where = fieldName(leaf.path);
  const path = resolve(valid, leaf.path);
  if (!path) return `the valid request of ${where} has no sample to put a bad value in`;
  const code = entry.codes?.[where] ?? "invalid_parameters";
  const refused = { refused: code };
  const cases: Case[] = [];
  const put = (label: string, value: unknown, outcome: Outcome = refused) =>
    cases.push({ label: `${where} ${label}`, outcome, make: (req) => setAt(req, path, value) });

  // a path parameter cannot be left out, only left empty
  if (!leaf.optional) put("missing", leaf.path[0] === "params" ? "" : undefined);
  const inQuery = leaf.path[0] === "query" || leaf.path[0] === "params";
  if (!inQuery) {
    // wrong JSON types
    const wrong: [string, unknown][] = [
      ["as a number", 123],
      ["as a boolean", true],
      ["as an object", {}],
      ["as an array", []],
      ["as a string", "100"],
    ];
    for (const [label, value] of wrong) {
      if ((leaf.kind === "string" || leaf.kind === "choice") && typeof value === "string") continue;
      if (leaf.kind === "boolean" && typeof value === "boolean") continue;
      if (leaf.kind === "number" && typeof value === "number") continue;
      // the literal itself is the valid value: its opposite is the bad one
      if (leaf.literal !== undefined && value === leaf.literal) {
        if (typeof value === "boolean") put(`as ${String(!value)}`, !value);
        continue;
      }
      put(label, value);
    }
    if (!leaf.nullable) put("as null", null);
  }

  if (leaf.kind === "number") {
    const numbers: [string, unknown][] = inQuery
      ? [
          ["-1", "-1"],
          ["1.5", "1.5"],
          ["1e30", "1e30"],
          ["NaN", "NaN"],
          ["2^53+1", "9007199254740993"],
          ["not a number", "abc"],
          ["empty", ""],
        ]
      : [
          ["negative", -1],
          ["1e30", 1e30],
          ["MAX_SAFE_INTEGER + 2", BIG],
          ['"NaN"', "NaN"],
          ["Infinity as a string", "Infinity"],
        ];
    if (!inQuery && leaf.int) numbers.push(["fractional", 1.5]);
    if (!inQuery && leaf.path[leaf.path.length - 1] === "amount") numbers.push(["zero", 0]);
    for (const [label, value] of numbers) put(label, value);
    return cases;
  }
  if (leaf.kind === "boolean") {
    for (const value of ["true", 1]) put(`as ${JSON.stringify(value)}`, value);
    return cases;
  }

  const texts: [string, string][] = [
    ["10,000 characters", LONG],
    ...Object.entries(CONTROL),
    ["a right-to-left override", RTL],
    ["a script tag", SCRIPT],
    ["empty", ""],
  ];
  if (leaf.kind === "choice" || leaf.formatted) {
    // "nope" is a well-formed site id or game code: only a choice must refuse it
    for (const [label, value] of [
      ...texts,
      ...(leaf.kind === "choice" ? [["not one of the choices", "nope"]] : []),
    ] as [string, string][]) {
      // "" is a valid choice where the field allows it (a site's default language, a news item's path)
      if (value === "" && (leaf.optional || entry.empty?.includes(where))) continue;
      put(`with ${label}`, value);
    }
    return cases;
  }

  const decided = entry.strings?.[where];
  if (!decided) return `${where} is free-form text: TABLE must say whether it is text, secret, raw or an id`;
  const fits = (value: string) => value.trim().length <= leaf.max;
  const keptOrRefused = (value: string): Outcome => (fits(value) ? { kept: value.trim() } : refused);
  switch (decided.class) {
    case "text":
      put("of 10,000 characters", LONG, keptOrRefused(LONG));
      for (const [label, value] of Object.entries(CONTROL)) put(`with ${label}`, value);
      put("with a right-to-left override", RTL, keptOrRefused(RTL));
      put("with a script tag", SCRIPT, keptOrRefused(SCRIPT));
      break;
    case "secret":
      put("of 10,000 characters", LONG);
      for (const [label, value] of Object.entries(CONTROL)) put(`with ${label}`, value);
      break;
    case "raw":
      put("of 10,000 characters", LONG, keptOrRefused(LONG));
      put("with a script tag", SCRIPT, keptOrRefused(SCRIPT));
      break;
    case "id": {
      const unknown: Outcome = decided.missing === "found nothing" ? { read: true } : { refused: decided.missing };
      put("of 10,000 characters", LONG, fits(LONG) ? unknown : refused);
      const odd: [string, string][] = [
        ...Object.entries(CONTROL),
        ["a right-to-left override", RTL],
        ["a script tag", SCRIPT],
      ];
      for (const [label, value] of odd) {
        put(`with ${label}`, value, fits(value) ? unknown : refused);
      }
      break;
    }
  }
  return cases;
}

function containerCases(container: Container, valid: Req): Case[] {
  // the root of params, query and body is covered by the whole-request cases
  if (container.path.length < 2) return [];
  const path = resolve(valid, container.path);
  if (!path) return [];
  const where = fieldName(container.path);
  const wrong = container.kind === "array" ? ["text", {}] : ["text", []];
  return wrong.map((value) => ({
    label: `${where} as ${JSON.stringify(value)}`,
    outcome: { refused: "invalid_parameters" },
    make: (req) => setAt(req, path, value),
  }));
}

function requestCases(name: CallName): Case[] {
  const spec = CALLS[name];
  const refused = { refused: "invalid_parameters" as const };
  const cases: Case[] = [];
  if ("idempotent" in spec) {
    for (const [label, key] of [
      ["no Idempotency-Key", null],
      ["a short Idempotency-Key", "short12"],
      ["an Idempotency-Key of 129 characters", "k".repeat(129)],
      ["an Idempotency-Key with a space", "has space 1234"],
      ["an Idempotency-Key with a non-ASCII letter", "clé-123456789"],
    ] as const) {
      cases.push({ label, outcome: refused, make: (req) => ({ ...req, key }) });
    }
  }
  if (!("body" in spec)) return cases;
  if ("multipart" in spec) {
    cases.push(
      {
        label: "a JSON body instead of a form",
        outcome: refused,
        make: (req) => ({ ...req, rawBody: JSON.stringify(req.body) }),
      },
      { label: "a form without its file", outcome: refused, make: (req) => ({ ...req, file: null }) },
      {
        label: "a form with an extra field",
        outcome: refused,
        make: (req) => ({ ...req, body: { ...(req.body as object), note: "x" } }),
      },
    );
    return cases;
  }
  for (const [label, rawBody] of [
    ["malformed JSON", '{"a":'],
    ["a JSON array", "[]"],
    ["a JSON string", '"text"'],
    ["a JSON number", "42"],
    ["JSON null", "null"],
    ["an empty body", ""],
  ] as const) {
    cases.push({ label: `${label} as the body`, outcome: refused, make: (req) => ({ ...req, rawBody }) });
  }
  cases.push(
    {
      label: "a body of 300,000 characters",
      outcome: refused,
      make: (req) => ({ ...req, rawBody: JSON.stringify({ ...(req.body as object), padding: "x".repeat(300_000) }) }),
    },
    {
      label: "an extra field in the body",
      outcome: refused,
      make: (req) => ({ ...req, body: { ...(req.body as object), unexpected: "x" } }),
    },
  );
  return cases;
}

// the table ---------------------------------------------------------------------------------------

interface Entry {
  /** a valid request; made again for every case that changes something, so each acts on its own */
  request(): Promise<Req>;
  /** what the valid request answers when not "ok" (it is well-formed; a rule of the call refuses it) */
  answers?: MessageCode;
  strings?: Record<string, StringClass>;
  /** a field whose refusal has a code of its own (the betting errors of server/contract/README.md, "Message codes") */
  codes?: Record<string, MessageCode>;
  /** formatted fields where "" is a value of its own */
  empty?: string[];
  /** the member whose tables must not change, when not the shared one */
  member?: () => TestMember;
}

const text = { class: "text" } as const;
const secret = { class: "secret" } as const;
const id = (missing: MessageCode | "found nothing") => ({ class: "id", missing }) as const;

const page = { page: "1", pageSize: "10", from: "2020-01-01", to: "2099-12-31" };
const pairPrice = async () => (await platform.call("market", { params: { pair: PAIR } })).envelope.data!.price!;
/** A fresh open position of the shared member (each case acts on its own). */
const openPositionId = async () =>
  (
    await memberCall("openPosition", {
      body: { pair: PAIR, side: "long", margin: 1000, leverage: 10, seenPrice: await pairPrice(), mode: "real" },
    })
  ).id as string;
/** The running period (`current`) or the one taking bets (`next`, which starts when it ends). */
const periodNo = async (which: "current" | "next") => {
  const { envelope } = await platform.call("market", { params: { pair: PAIR } });
  return envelope.data![which].periodNo;
};

async function memberCall(name: CallName, req: Req, m: TestMember = member) {
  const answer = await send(name, { ...req, token: m.token });
  expect(answer.envelope?.message, `${name} for a fixture`).toBe("ok");
  return answer.envelope!.data as Record<string, unknown>;
}

/** A pending item in the site's operator queue (the outbox is delivered by hand: the clock is stopped). */
async function queued<T>(m: TestMember, make: () => Promise<T>): Promise<T> {
  const made = await make();
  await (await memberObject(platform, memberIdOf(m.token))).__alarm();
  return made;
}

const ownMembers = new Map<string, TestMember>();
const bankFiles = new Map<TestMember, Awaited<ReturnType<typeof uploadAll>>>();
async function own(name: string, setup?: (m: TestMember) => Promise<void>): Promise<TestMember> {
  let m = ownMembers.get(name);
  if (!m) {
    m = await platform.signupMember(SITE);
    ownMembers.set(name, m);
    await setup?.(m);
  }
  return m;
}

/** A member of its own on a self-exclusion of 6 months (its minimum far ahead). */
const onBreak = () =>
  own(
    "on-break",
    async (x) =>
      void (await memberCall("startBreak", { body: { kind: "exclusion", duration: "6m", confirm: true } }, x)),
  );

async function bankApplicant(): Promise<TestMember> {
  const m = await platform.signupMember(SITE);
  const files = await uploadAll(platform, m);
  await queued(m, () => memberCall("bankApply", { body: bankBody(files) }, m));
  return m;
}

const operatorSite = { siteId: SITE };
let operatorCount = 0;
/** A new operator of the site, for the rotate and revoke cases (each acts on its own). */
const newOperator = async () =>
  (await platform.createOperator({ name: "Fixture", sites: [SITE], roles: ["support"] })).id;
const reason = { reason: "checked" };

const TABLE: Record<CallName, Entry> = {
  accessTokenVerify: { request: async () => ({}) },
  signup: {
    request: async () => ({ body: signupBody(SITE, { referralCode: "ABC123" }) }),
    strings: { "body.realName": text, "body.password": secret, "body.transactionPassword": secret },
  },
  signin: {
    request: async () => ({ body: { siteId: SITE, account: member.account, password: member.password } }),
    strings: { "body.password": secret },
  },
  signout: {
    // a session of its own, so that the shared one stays
    request: async () => {
      const signin = await platform.call("signin", {
        body: { siteId: SITE, account: member.account, password: member.password },
      });
      return { token: signin.envelope.data!.token };
    },
  },
  playerInfo: { request: async () => ({}) },
  updatePlayerInfo: {
    request: async () => ({ body: { realName: "Bad Input", email: "bad@example.com" } }),
    strings: { "body.realName": text },
  },
  listenKey: { request: async () => ({}) },
  wallets: { request: async () => ({}) },
  siteInfo: { request: async () => ({ params: operatorSite }) },
  siteIcon: { request: async () => ({ params: { ...operatorSite, size: "192" } }) },
  press: {
    request: async () => ({ params: operatorSite, query: { lang: "en_US", path: "bad-input-news" } }),
    strings: { "query.path": id("found nothing") },
  },
  campaign: { request: async () => ({ params: operatorSite, query: { lang: "en_US" } }) },
  instruction: { request: async () => ({ params: operatorSite, query: { lang: "en_US", type: "help" } }) },
  chatbox: { request: async () => ({ params: operatorSite, query: { referrer: "ABC123" } }) },
  gameReturns: { request: async () => ({ params: operatorSite }) },
  deposit: {
    request: async () => ({ body: { optionId: DEMO_OPTION.id, amount: 1_000 } }),
    strings: { "body.optionId": id("deposit_option_invalid") },
  },
  deposits: { request: async () => ({ query: page }) },
  transfer: { request: async () => ({ body: { direction: "in", gameCode: "binary", amount: 100 } }) },
  transfers: { request: async () => ({ query: page }) },
  transactions: { request: async () => ({ query: page }) },
  withdraw: {
    request: async () => ({ body: { amount: 1_000, transactionPassword: member.transactionPassword } }),
    strings: { "body.transactionPassword": secret },
  },
  withdrawals: { request: async () => ({ query: page }) },
  records: { request: async () => ({ query: page }) },
  accountRecords: { request: async () => ({ query: page }) },
  bank: { request: async () => ({}) },
  bankApply: {
    // a member whose application is under review may replace it
    // (its three documents uploaded once: a member's uploads a day are limited, UPLOAD_LIMITS)
    request: async () => {
      const m = await own("bankApply", async (m) => void bankFiles.set(m, await uploadAll(platform, m)));
      return { token: m.token, body: bankBody(bankFiles.get(m)!) };
    },
    member: () => ownMembers.get("bankApply")!,
    strings: {
      "body.bank": text,
      "body.branch": text,
      "body.accountName": text,
      "body.address": text,
      "body.idFrontFileId": id("file_not_found"),
      "body.idBackFileId": id("file_not_found"),
      "body.passbookFileId": id("file_not_found"),
    },
  },
  upload: { request: async () => ({ body: { kind: "passbook" }, file: PNG_1X1 }) },
  uploads: { request: async () => ({}) },
  uploadFile: {
    request: async () => ({ params: { fileId: fixtures.fileId } }),
    strings: { "params.fileId": id("file_not_found") },
  },
  changePassword: {
    request: async () => {
      const m = await own("changePassword");
      return { token: m.token, body: { oldPassword: m.password, newPassword: "another-pass-9" } };
    },
    member: () => ownMembers.get("changePassword")!,
    strings: { "body.oldPassword": secret, "body.newPassword": secret },
  },
  changeTransactionPassword: {
    request: async () => {
      const m = await own("changeTransactionPassword");
      return {
        token: m.token,
        body: { oldTransactionPassword: m.transactionPassword, newTransactionPassword: "another-trade-9" },
      };
    },
    member: () => ownMembers.get("changeTransactionPassword")!,
    strings: { "body.oldTransactionPassword": secret, "body.newTransactionPassword": secret },
  },
  smsSend: { request: async () => ({ body: { purpose: "verify_mobile" } }) },
  smsVerify: { request: async () => ({ body: { code: "123456" } }), answers: "wrong_verification_code" },
  forgotSend: {
    request: async () => ({
      body: { siteId: SITE, account: member.account, areaCode: member.areaCode, mobile: member.mobile },
    }),
  },
  forgotReset: {
    request: async () => ({
      body: { siteId: SITE, account: member.account, code: "123456", newPassword: "reset-pass-9" },
    }),
    answers: "wrong_verification_code",
    strings: { "body.newPassword": secret },
  },
  messages: { request: async () => ({ query: page }) },
  sendMessage: {
    request: async () => ({ body: { title: "A question", content: "About my deposit." } }),
    strings: { "body.title": text, "body.content": text },
  },
  message: {
    request: async () => ({ params: { id: fixtures.messageId } }),
    strings: { "params.id": id("message_not_found") },
  },
  replyMessage: {
    request: async () => ({ params: { id: fixtures.messageId }, body: { content: "One more thing." } }),
    strings: { "params.id": id("message_not_found"), "body.content": text },
  },
  pairs: { request: async () => ({}) },
  market: { request: async () => ({ params: { pair: PAIR } }) },
  quotes: { request: async () => ({ params: { pair: PAIR }, query: { page: "1", pageSize: "10" } }) },
  candles: { request: async () => ({ params: { pair: PAIR }, query: { interval: "1m", limit: "10" } }) },
  placeOrder: {
    request: async () => ({
      body: { pair: PAIR, periodNo: await periodNo("next"), option: "draw", amount: 100, mode: "real" },
    }),
    codes: {
      "body.pair": "invalid_trading_pair",
      "body.option": "invalid_bet_option",
      "body.periodNo": "invalid_period",
      "body.amount": "amount_out_of_range",
    },
  },
  orders: { request: async () => ({ query: { ...page, status: "all" } }) },
  ticketQuery: { request: async () => ({}) },

  operatorPutSite: {
    request: async () => {
      const { envelope } = await platform.call("siteInfo", { params: operatorSite });
      const { siteId: _, ...config } = envelope.data!;
      return { params: operatorSite, body: config };
    },
    strings: {
      "body.depositOptions[0].name": text,
      "body.depositOptions[0].instructions": text,
      "body.depositOptions[0].bankAccount.bank": text,
      "body.depositOptions[0].bankAccount.branch": text,
      "body.depositOptions[0].bankAccount.accountName": text,
      "body.depositOptions[0].crypto.network": text,
      "body.socialOptions[0].name": text,
      "body.favicon": text,
      "body.logo": text,
      "body.logo2": text,
      "body.copyRight": text,
      "body.script": { class: "raw" },
      "body.title": text,
      "body.description": text,
      "body.keywords": text,
      "body.gameName": text,
      "body.games[0].name": text,
      "body.redirects[0].to": text,
      "body.terms": text,
      "body.licence": text,
      "body.translations.*.title": text,
      "body.translations.*.description": text,
      "body.translations.*.keywords": text,
      "body.translations.*.copyRight": text,
      "body.translations.*.gameName": text,
      "body.translations.*.terms": text,
      "body.translations.*.licence": text,
      "body.translations.*.games.*": text,
      "body.translations.*.depositOptions.*.name": text,
      "body.translations.*.depositOptions.*.instructions": text,
      "body.translations.*.depositOptions.*.bank": text,
      "body.translations.*.depositOptions.*.branch": text,
    },
  },
  operatorPublishPress: {
    request: async () => ({
      params: operatorSite,
      body: {
        lang: "en_US",
        kind: "news",
        path: "bad-input-news",
        title: "News",
        summary: "In short.",
        content: "In full.",
      },
    }),
    strings: { "body.title": text, "body.summary": text, "body.content": text },
    // no path: the item's id is its path
    empty: ["body.path"],
  },
  operatorPublishCampaign: {
    request: async () => ({
      params: operatorSite,
      body: {
        lang: "en_US",
        title: "Campaign",
        summary: "In short.",
        content: "In full.",
        startsAt: "2020-01-01T00:00:00.000Z",
        endsAt: null,
      },
    }),
    strings: { "body.title": text, "body.summary": text, "body.content": text },
  },
  operatorPublishInstruction: {
    request: async () => ({
      params: operatorSite,
      body: { lang: "en_US", type: "help", title: "How to", content: "Like this." },
    }),
    strings: { "body.title": text, "body.content": text },
  },
  operatorSetChatLink: {
    request: async () => ({ params: operatorSite, body: { link: "https://chat.example.com/bad-input" } }),
  },
  operatorDeposits: { request: async () => ({ params: operatorSite, query: { status: "all" } }) },
  operatorConfirmDeposit: {
    request: async () => {
      const d = await queued(member, () =>
        memberCall("deposit", { body: { optionId: BANK_OPTION.id, amount: 2_000 } }),
      );
      return { params: { ...operatorSite, id: d.id }, body: reason };
    },
    strings: { "params.id": id("invalid_parameters"), "body.reason": text },
  },
  operatorRefuseDeposit: {
    request: async () => {
      const d = await queued(member, () =>
        memberCall("deposit", { body: { optionId: BANK_OPTION.id, amount: 2_000 } }),
      );
      return { params: { ...operatorSite, id: d.id }, body: reason };
    },
    strings: { "params.id": id("invalid_parameters"), "body.reason": text },
  },
  operatorWithdrawals: { request: async () => ({ params: operatorSite, query: { status: "all" } }) },
  operatorApproveWithdrawal: {
    request: async () => {
      const w = await queued(member, () =>
        memberCall("withdraw", { body: { amount: 1_000, transactionPassword: member.transactionPassword } }),
      );
      return { params: { ...operatorSite, id: w.id }, body: reason };
    },
    strings: { "params.id": id("invalid_parameters"), "body.reason": text },
  },
  operatorRejectWithdrawal: {
    request: async () => {
      const w = await queued(member, () =>
        memberCall("withdraw", { body: { amount: 1_000, transactionPassword: member.transactionPassword } }),
      );
      return { params: { ...operatorSite, id: w.id }, body: reason };
    },
    strings: { "params.id": id("invalid_parameters"), "body.reason": text },
  },
  operatorBankApplications: { request: async () => ({ params: operatorSite, query: { status: "all" } }) },
  operatorApproveBank: {
    request: async () => ({
      params: { ...operatorSite, memberId: memberIdOf((await bankApplicant()).token) },
      body: reason,
    }),
    strings: { "params.memberId": id("invalid_parameters"), "body.reason": text },
  },
  operatorRejectBank: {
    request: async () => ({
      params: { ...operatorSite, memberId: memberIdOf((await bankApplicant()).token) },
      body: reason,
    }),
    strings: { "params.memberId": id("invalid_parameters"), "body.reason": text },
  },
  operatorPutIcon: {
    request: async () => ({ params: { ...operatorSite, size: "192" }, body: {}, file: await solidPng(192, "#0f766e") }),
  },
  operatorFile: {
    request: async () => ({ params: { ...operatorSite, fileId: fixtures.fileId } }),
    strings: { "params.fileId": id("file_not_found") },
  },
  operatorMessages: { request: async () => ({ params: operatorSite, query: { status: "all" } }) },
  operatorAudit: {
    request: async () => ({
      params: operatorSite,
      query: {
        type: "signin_failed",
        account: member.account,
        operator: "owner",
        from: "2020-01-01",
        to: "2099-12-31",
      },
    }),
  },
  operatorMessage: {
    request: async () => ({ params: { ...operatorSite, memberId: memberIdOf(member.token), id: fixtures.messageId } }),
    strings: { "params.memberId": id("message_not_found"), "params.id": id("message_not_found") },
  },
  operatorReplyMessage: {
    request: async () => ({
      params: { ...operatorSite, memberId: memberIdOf(member.token), id: fixtures.messageId },
      body: { content: "Answered." },
    }),
    strings: { "params.memberId": id("message_not_found"), "params.id": id("message_not_found"), "body.content": text },
  },
  operatorSmsLog: {
    request: async () => ({ params: operatorSite, query: { mobile: member.mobile } }),
    strings: { "query.mobile": id("found nothing") },
  },
  operatorContent: { request: async () => ({ params: operatorSite, query: { kind: "press" } }) },
  operatorRetireContent: {
    request: async () => {
      const { envelope } = await platform.operator("operatorPublishPress", {
        params: operatorSite,
        body: {
          lang: "en_US",
          kind: "announcement",
          path: `retire-${crypto.randomUUID().slice(0, 8)}`,
          title: "Old",
          summary: "",
          content: "",
        },
      });
      return { params: { ...operatorSite, kind: "press", id: envelope.data!.id } };
    },
    strings: { "params.id": id("invalid_parameters") },
  },
  operatorAddDepositAddresses: {
    request: async () => ({
      params: { ...operatorSite, optionId: POOL_OPTION.id },
      body: { addresses: tronAddresses("bad-input", 2) },
    }),
  },
  operatorDepositAddresses: {
    request: async () => ({ params: { ...operatorSite, optionId: POOL_OPTION.id }, query: { page: 1, pageSize: 10 } }),
  },
  operatorSetDepositXpub: {
    request: async () => ({ params: { ...operatorSite, optionId: XPUB_OPTION.id }, body: { xpub: TEST_XPUB } }),
  },
  memberCampaigns: { request: async () => ({}) },
  joinCampaign: { request: async () => ({ params: { key: "bad-input-bonus" }, body: {} }) },
  operatorEndCampaign: { request: async () => ({ params: { ...operatorSite, key: "bad-input-ended" }, body: {} }) },
  openPosition: {
    request: async () => ({
      body: {
        pair: PAIR,
        side: "long",
        margin: 1000,
        leverage: 10,
        seenPrice: await pairPrice(),
        takeProfit: null,
        stopLoss: null,
        mode: "real",
      },
    }),
  },
  positions: { request: async () => ({ query: { ...page, status: "open" } }) },
  setPositionTriggers: {
    request: async () => ({
      params: { id: await openPositionId() },
      body: { takeProfit: null, stopLoss: null, mode: "real" },
    }),
    strings: { "params.id": id("position_not_found") },
  },
  closePosition: {
    request: async () => ({ params: { id: await openPositionId() }, body: { mode: "real" } }),
    strings: { "params.id": id("position_not_found") },
  },
  operatorOpenInterest: { request: async () => ({ params: operatorSite }) },
  // player protection: a loss limit far above anything the suite plays, so the shared member keeps playing
  protection: { request: async () => ({}) },
  setLimit: { request: async () => ({ body: { kind: "loss", period: "month", amount: 1_000_000_000 } }) },
  setRealityCheck: { request: async () => ({ body: { minutes: 30 } }) },
  // nothing waits for a confirmation: a valid request changes nothing
  confirmLimit: { request: async () => ({ body: { kind: "deposit", period: "week" } }) },
  // a member of its own: a break would stop the shared member's money calls
  startBreak: {
    request: async () => ({
      token: (await own("breaker")).token,
      body: { kind: "timeout", duration: "24h", confirm: true },
    }),
    member: () => ownMembers.get("breaker")!,
  },
  realityCheck: { request: async () => ({}) },
  continueRealityCheck: { request: async () => ({ body: {} }) },
  operatorMemberProtection: {
    request: async () => ({ params: { ...operatorSite, memberId: memberIdOf(member.token) } }),
    strings: { "params.memberId": id("invalid_parameters") },
  },
  operatorMember: { request: async () => ({ params: { ...operatorSite, account: member.account } }) },
  operatorFindMember: {
    request: async () => ({ params: operatorSite, query: { memberId: memberIdOf(member.token) } }),
    strings: { "query.memberId": id("account_not_found") },
  },
  operatorSiteDay: { request: async () => ({ params: { ...operatorSite, day: "2020-01-01" } }) },
  operatorEndBreak: {
    request: async () => {
      const m = await onBreak();
      return { params: { ...operatorSite, memberId: memberIdOf(m.token) }, body: reason };
    },
    // always refused, so no reason can be "kept" with a 200: every odd reason is refused as a password would be
    answers: "break_cannot_end_early",
    strings: { "params.memberId": id("invalid_parameters"), "body.reason": secret },
    member: () => ownMembers.get("on-break")!,
  },
  // the member on a self-exclusion of 6 months: asking to return before it is refused
  askToReturn: {
    request: async () => ({ token: (await onBreak()).token, body: {} }),
    answers: "return_not_yet",
    member: () => ownMembers.get("on-break")!,
  },
  practice: { request: async () => ({}) },
  resetPractice: { request: async () => ({ body: {} }) },
  operatorSelf: { request: async () => ({}) },
  operatorList: { request: async () => ({}) },
  operatorCreate: {
    // a fresh email each time: two operators cannot share one
    request: async () => ({
      body: { name: "Bad Input", email: `bad-input-${++operatorCount}@example.com`, sites: [SITE], roles: ["support"] },
    }),
    strings: { "body.name": text },
  },
  operatorRotateKey: { request: async () => ({ params: { operatorId: await newOperator() }, body: {} }) },
  operatorRevoke: { request: async () => ({ params: { operatorId: await newOperator() }, body: {} }) },
  operatorRegistryAudit: { request: async () => ({ query: { limit: "5" } }) },
  // linking the site with itself only: it stays in no group, so nothing crosses to other tests' sites
  operatorSiteLinks: { request: async () => ({ params: operatorSite }) },
  // the reason goes to the audit log only, never into the answer
  operatorLinkSites: {
    request: async () => ({ params: operatorSite, body: { sites: [SITE], ...reason } }),
    strings: { "body.reason": secret },
  },
  operatorUnlinkSite: {
    request: async () => ({ params: operatorSite, body: reason }),
    strings: { "body.reason": secret },
  },
  operatorPutPair: {
    request: async () => ({
      params: { pair: PAIR },
      body: fastPair({ name: "BAD Walk", periodSeconds: 3600, cutoffSeconds: 1 }),
    }),
    strings: { "body.name": text },
  },
  // the pair runs: a well-formed source change is refused until an operator pauses it
  operatorPutPairSource: {
    request: async () => ({ params: { pair: PAIR }, body: { kind: "synthetic" } }),
    answers: "pair_not_paused",
  },
  operatorPairAudit: { request: async () => ({ params: { pair: PAIR }, query: { limit: "5" } }) },
  operatorPairs: { request: async () => ({}) },
  // local workerd keeps no history: a well-formed restore is refused with restore_unavailable
  operatorRestoreMember: {
    request: async () => ({
      params: { ...operatorSite, memberId: memberIdOf(member.token) },
      body: { at: new Date(Date.now() - 3_600_000).toISOString(), reason: "checked" },
    }),
    answers: "restore_unavailable",
    strings: { "params.memberId": id("invalid_parameters"), "body.reason": secret },
  },
  operatorRestoreSite: {
    request: async () => ({
      params: operatorSite,
      body: { at: new Date(Date.now() - 3_600_000).toISOString(), reason: "checked" },
    }),
    answers: "restore_unavailable",
    strings: { "body.reason": secret },
  },
  operatorRestoreMarket: {
    request: async () => ({
      params: { pair: PAIR },
      body: { at: new Date(Date.now() - 3_600_000).toISOString(), reason: "checked" },
    }),
    answers: "restore_unavailable",
    strings: { "body.reason": secret },
  },
  operatorExport: {
    request: async () => ({ params: { ...operatorSite, day: "2020-01-01" }, query: { kind: "ledger,audit" } }),
  },
  fairnessDays: { request: async () => ({ params: { pair: PAIR }, query: { limit: "5", before: "2099-01-01" } }) },
  // the running period: well-formed, refused until it has ended
  periodProof: {
    request: async () => ({ params: { pair: PAIR, periodNo: await periodNo("current") } }),
    answers: "invalid_period",
  },
};

// the suite ---------------------------------------------------------------------------------------

beforeAll(async () => {
  platform = await createPlatform({ wrapEntry: FAULT_ENTRY });
  // A stopped clock one second into an hour-long period: a bet on the next one is never late (its
  // cut-off is an hour away); no alarm fires by itself.
  await setPlatformClock(platform, Math.ceil((Date.now() + 86_400_000) / 3_600_000) * 3_600_000 + 1_000);
  const pair = await platform.operator("operatorPutPair", {
    params: { pair: PAIR },
    body: fastPair({ name: "BAD Walk", periodSeconds: 3600, cutoffSeconds: 1 }),
  });
  expect(pair.envelope.message).toBe("ok");
  await platform.seedSite(SITE, CONFIG as never);
  member = await platform.signupMember(SITE);
  await memberCall("deposit", { body: { optionId: DEMO_OPTION.id, amount: 1_000_000 } });
  await memberCall("transfer", { body: { direction: "in", gameCode: "binary", amount: 100_000 } });
  const files = await uploadAll(platform, member);
  await queued(member, () => memberCall("bankApply", { body: bankBody(files) }));
  const approved = await platform.operator("operatorApproveBank", {
    params: { ...operatorSite, memberId: memberIdOf(member.token) },
    body: reason,
  });
  expect(approved.envelope.message).toBe("ok");
  const thread = await memberCall("sendMessage", {
    body: { title: "Fixture", content: "A thread to read and answer." },
  });
  const upload = await uploadDocument(platform, member, "passbook", PNG_1X1, "passbook.png", "image/png");
  fixtures = { messageId: thread.id as string, fileId: upload.envelope.data!.fileId };
  await platform.operator("operatorPublishPress", {
    params: operatorSite,
    body: {
      lang: "en_US",
      kind: "news",
      path: "bad-input-news",
      title: "News",
      summary: "In short.",
      content: "In full.",
    },
  });
});
afterAll(() => platform?.dispose());

type AuditRow = { type: string; details: string };

/**
 * Everything the site and the member hold, table by table, and the registry of pairs. The site's
 * audit log is apart: it records refused operator attempts too (server/platform/README.md,
 * "Security decisions"), so it is checked on its own (expectAuditOnlyAttempts).
 */
/**
 * A refusal kept as its idempotency key's answer (contract/idempotency.ts) is what the key
 * answered, not a change to the member's data: such rows of `operations` are left out.
 */
function withoutKeptRefusals(member: Record<string, unknown>): Record<string, unknown> {
  const operations = member.operations as { refusal?: string | null }[] | undefined;
  return operations
    ? { ...member, operations: operations.filter((row) => row.refusal === null || row.refusal === undefined) }
    : member;
}

async function snapshot(m: TestMember) {
  const tables = (dump: string) => Object.fromEntries(JSON.parse(dump) as [string, unknown][]);
  const { audit_log: audit, ...site } = tables(await (await siteObject(platform, SITE)).__dump()) as Record<
    string,
    unknown
  >;
  return {
    state: {
      site,
      member: withoutKeptRefusals(tables(await (await memberObject(platform, memberIdOf(m.token))).__dump())),
      pairs: (await platform.call("pairs")).envelope.data,
    },
    audit: (audit ?? []) as AuditRow[],
  };
}

/**
 * What bad input may add to the audit log: records of the operator's own attempts at this call
 * (refused ones, and reads of sensitive data such as the SMS log), no member event.
 */
function expectAuditOnlyAttempts(name: CallName, before: AuditRow[], after: AuditRow[], where: string) {
  for (const row of after.slice(before.length)) {
    expect(row.type, where).toBe("operator_action");
    const details = JSON.parse(row.details) as { call: string; outcome: string };
    expect(details.call, where).toBe(name);
    if (CALLS[name].method !== "GET") expect(details.outcome, where).not.toBe("ok");
  }
}

function expectAnswer(answer: Answer, outcome: Outcome, where: string) {
  expect(MESSAGE_CODES, where).toContain(answer.envelope?.message ?? "ok");
  if ("refused" in outcome) {
    expect({ status: answer.status, message: answer.envelope?.message }, where).toEqual({
      status: 400,
      message: outcome.refused,
    });
  } else {
    expect(answer.status, `${where}: ${answer.envelope?.message}`).toBe(200);
  }
  if ("kept" in outcome && answer.envelope?.data) {
    // stored as given: the answer shows the value, unescaped (escaping is the page's job)
    expect(
      JSON.stringify(answer.envelope.data).includes(JSON.stringify(outcome.kept).slice(1, -1)),
      `${where}: kept as given`,
    ).toBe(true);
  }
}

describe("bad input to every call of the contract", { timeout: 120_000 }, () => {
  it("has a table entry for every call, and no entry for a call that does not exist", () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(CALLS).sort());
  });

  for (const name of Object.keys(CALLS) as CallName[]) {
    it(`${name}: refuses every bad input with a clear code and changes nothing`, async () => {
      const entry = TABLE[name];
      const valid = await entry.request();
      const { leaves, containers } = shapeOf(name);
      const cases: Case[] = [...requestCases(name)];
      const undecided: string[] = [];
      for (const leaf of leaves) {
        const made = leafCases(entry, leaf, valid);
        if (typeof made === "string") undecided.push(made);
        else cases.push(...made);
      }
      for (const container of containers) cases.push(...containerCases(container, valid));
      expect(undecided, name).toEqual([]);
      // a call with inputs has cases for them (a schema this suite cannot read would leave none)
      if (leaves.length > 0 || "body" in CALLS[name]) expect(cases.length, name).toBeGreaterThan(0);

      const who = entry.member?.() ?? member;
      const before = await snapshot(who);
      for (const c of cases.filter((x) => !("kept" in x.outcome))) {
        expectAnswer(await send(name, c.make(valid)), c.outcome, `${name}: ${c.label}`);
      }
      const after = await snapshot(who);
      expect(after.state, `${name}: the refused and read-only cases changed something`).toEqual(before.state);
      expectAuditOnlyAttempts(name, before.audit, after.audit, `${name}: the audit log of the refused cases`);

      for (const c of cases.filter((x) => "kept" in x.outcome)) {
        expectAnswer(await send(name, c.make(await entry.request())), c.outcome, `${name}: ${c.label}`);
      }
      // last, as it may end the session or decide the item: the valid request itself is answered
      const control = await send(name, await entry.request());
      expect(
        control.envelope?.message ?? (control.raw && control.status === 200 ? "ok" : `status ${control.status}`),
        `${name}: the valid request`,
      ).toBe(entry.answers ?? "ok");
    });
  }
});
