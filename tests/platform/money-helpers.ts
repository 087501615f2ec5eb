import { randomUUID } from "node:crypto";
import { HDKey } from "@scure/bip32";
import { expect } from "vitest";
import {
  ACCOUNT_MODE_HEADER,
  CALLS,
  type CallBody,
  type CallSpec,
  type CallData,
  type CallName,
  type Envelope,
  type SiteConfigPatch,
  type SiteInfo,
} from "../../server/contract";
import { objectStub, type CallOptions, type CallResult, type Platform, type TestMember } from "../helpers/platform";

/** Money scenarios shared by the platform's money tests. */

export const DEMO_OPTION = {
  id: "demo-instant",
  kind: "demo",
  name: "Instant demo credit",
  instructions: "Play money.",
} as const;
export const BANK_OPTION = {
  id: "bank-transfer",
  kind: "bank",
  name: "Bank transfer",
  instructions: "Transfer the amount and write the deposit's reference in the transfer note.",
  bankAccount: { bank: "Demo Bank", branch: "Main Branch", accountName: "Demo Ltd.", accountNumber: "0015-123-456789" },
} as const;

/** A crypto option whose addresses come from the operator's pool, one address per member for good. */
export const POOL_OPTION = {
  id: "usdt-member",
  kind: "crypto",
  name: "USDT (TRC20)",
  instructions: "Send exactly the amount shown.",
  crypto: { asset: "USDT", network: "TRON (TRC20)", decimals: 6, unitPrice: 3200, assign: "member", address: "" },
} as const;

/** A crypto option whose addresses the tests derive from TEST_XPUB (one per member, for good). */
export const XPUB_OPTION = { ...POOL_OPTION, id: "usdt-xpub", name: "USDT (TRC20, xpub)" } as const;

/**
 * A throwaway account xpub for tests: m/44'/195'/0' of BIP-32 test vector 1's seed, so its keys
 * are public knowledge and it must never receive anything. TEST_ROOT derives the wallet's side.
 */
export const TEST_ROOT = HDKey.fromMasterSeed(Uint8Array.from(Buffer.from("000102030405060708090a0b0c0d0e0f", "hex")));
export const TEST_XPUB = TEST_ROOT.derive("m/44'/195'/0'").publicExtendedKey;

/** A crypto option that gives every deposit a fresh address from the pool. */
export const FRESH_OPTION = {
  id: "btc-deposit",
  kind: "crypto",
  name: "Bitcoin",
  instructions: "Send exactly the amount shown.",
  crypto: { asset: "BTC", network: "Bitcoin", decimals: 8, unitPrice: 300_000_000, assign: "deposit", address: "" },
} as const;

/** A site with both a demo and a bank deposit option, operator-reviewed bank accounts and a transaction password. */
export const MONEY_SITE: SiteConfigPatch = {
  depositOptions: [DEMO_OPTION, BANK_OPTION] as SiteInfo["depositOptions"],
  games: [
    { code: "binary", name: "Binary" },
    { code: "contract", name: "Contract" },
  ],
  bankVerify: true,
  bankAutoReview: false,
  transactionPasswordRequired: true,
  minDepositAmount: 1000,
  maxDepositAmount: 10_000_000,
  minTransferAmount: 100,
  maxTransferAmount: 10_000_000,
  minWithdrawAmount: 1000,
  maxWithdrawAmount: 5_000_000,
  withdrawFeeRatio: 0.015,
  withdrawFeeFixed: 100,
};

export const memberIdOf = (member: TestMember) => Buffer.from(member.token, "base64url").toString().split(".")[1]!;

type LedgerCheck = {
  mismatches: unknown[];
  total: number;
  negative: unknown[];
  balances: Record<string, number>;
};

/**
 * The member object's own check of invariant 2 (server/platform/README.md, "Invariants"), reached
 * through the test entry (objectStub; no public API).
 */
export async function ledgerOf(platform: Platform, member: TestMember): Promise<LedgerCheck> {
  return objectStub<{ checkLedger(): Promise<LedgerCheck> }>(platform, "MEMBER", memberIdOf(member)).checkLedger();
}

/** Every balance equals the sum of its postings, postings sum to zero, nothing of the member is negative. */
export async function expectSoundLedger(platform: Platform, members: Iterable<TestMember>): Promise<void> {
  for (const member of members) {
    const check = await ledgerOf(platform, member);
    expect(check, member.account).toMatchObject({ mismatches: [], total: 0, negative: [] });
  }
}

/** A member call with the site header, the token and (for idempotent calls) a fresh Idempotency-Key. */
export function memberCall<N extends CallName>(
  platform: Platform,
  member: TestMember,
  name: N,
  options: Omit<CallOptions<N>, "token" | "siteId" | "body"> & { body?: TestBody<N>; key?: string | null } = {},
): Promise<CallResult<CallData<N>>> {
  const { key, ...rest } = options;
  const headers: Record<string, string> = { ...rest.headers };
  if (key !== null) headers["Idempotency-Key"] = key ?? randomUUID();
  const body = withPlayedMode(name, rest.body, new Headers(headers).get(ACCOUNT_MODE_HEADER) ?? "real");
  return platform.call(name, { ...rest, body, headers, token: member.token, siteId: member.siteId } as CallOptions<N>);
}

/**
 * A playing call's body as a test writes it (bets, opens, closes, TP/SL carry the mode their page
 * was rendered in): `mode` may be left out, and memberCall then sends the mode the request plays
 * in (its X-Account-Mode header, else real), as the site does. A test of a mismatch names it.
 */
export type TestBody<N extends CallName> =
  CallBody<N> extends { mode: infer M } ? Omit<CallBody<N>, "mode"> & { mode?: M } : CallBody<N>;

function withPlayedMode(name: CallName, body: unknown, mode: string): unknown {
  const schema = (CALLS[name] as CallSpec).body as { shape?: Record<string, unknown> } | undefined;
  const carriesMode = schema?.shape !== undefined && "mode" in schema.shape;
  return carriesMode && body && typeof body === "object" && !("mode" in body) ? { ...body, mode } : body;
}

export const body = <N extends CallName>(_name: N, value: CallBody<N>) => value;

export async function wallets(platform: Platform, member: TestMember) {
  return (await memberCall(platform, member, "wallets")).envelope.data!;
}

/** Credits `amount` to the member's main account through the site's demo deposit option. */
export async function fund(platform: Platform, member: TestMember, amount: number): Promise<void> {
  const { envelope } = await memberCall(platform, member, "deposit", { body: { optionId: DEMO_OPTION.id, amount } });
  expect(envelope.data?.status).toBe("credited");
}

/** Polls until `check` returns something truthy (the outbox is delivered by an alarm, just after the commit). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// images ------------------------------------------------------------------------------------------

/** A real 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A PNG header claiming width × height (parse-only: the pixels are never decoded). */
export function pngHeader(width: number, height: number, padTo = 0): Buffer {
  const head = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(head, 0);
  head.writeUInt32BE(13, 8);
  head.write("IHDR", 12, "ascii");
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  head.writeUInt8(8, 24);
  head.writeUInt8(6, 25);
  return padTo > head.length ? Buffer.concat([head, Buffer.alloc(padTo - head.length)]) : head;
}

/** A baseline JPEG header (SOI, APP0, SOF0) claiming width × height. */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ]);
  const sof = Buffer.alloc(19);
  sof.writeUInt16BE(0xffc0, 0);
  sof.writeUInt16BE(17, 2);
  sof.writeUInt8(8, 4);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  sof.writeUInt8(3, 9);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A lossless WebP (VP8L) header claiming width × height. */
export function webpLosslessHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(40);
  b.write("RIFF", 0, "ascii");
  b.writeUInt32LE(32, 4);
  b.write("WEBP", 8, "ascii");
  b.write("VP8L", 12, "ascii");
  b.writeUInt32LE(20, 16);
  b.writeUInt8(0x2f, 20);
  b.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 21);
  return b;
}

/** An extended WebP (VP8X) header claiming width × height. */
export function webpExtendedHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(40);
  b.write("RIFF", 0, "ascii");
  b.writeUInt32LE(32, 4);
  b.write("WEBP", 8, "ascii");
  b.write("VP8X", 12, "ascii");
  b.writeUInt32LE(10, 16);
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return b;
}

/** Uploads a document as multipart/form-data, as the site's form does. */
export async function uploadDocument(
  platform: Platform,
  member: TestMember,
  kind: string,
  bytes: Uint8Array,
  filename: string,
  type = "application/octet-stream",
): Promise<{ status: number; envelope: Envelope<CallData<"upload">> }> {
  const form = new FormData();
  form.set("kind", kind);
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), filename);
  // Encoded here, as a browser would, so the request carries its multipart boundary and length.
  const encoded = new Response(form);
  const payload = Buffer.from(await encoded.arrayBuffer());
  const response = await platform.fetch("/player/upload", {
    method: "POST",
    headers: {
      Authorization: `Bearer ${member.token}`,
      "X-Site-Id": member.siteId,
      "Content-Type": encoded.headers.get("Content-Type")!,
      "Content-Length": String(payload.byteLength),
    },
    body: payload,
  });
  return { status: response.status, envelope: (await response.json()) as Envelope<CallData<"upload">> };
}

export async function uploadAll(platform: Platform, member: TestMember) {
  const ids: string[] = [];
  for (const kind of ["id_front", "id_back", "passbook"]) {
    const { envelope } = await uploadDocument(platform, member, kind, PNG_1X1, `${kind}.png`, "image/png");
    expect(envelope.statusCode, envelope.message).toBe(200);
    ids.push(envelope.data!.fileId);
  }
  const [idFrontFileId, idBackFileId, passbookFileId] = ids as [string, string, string];
  return { idFrontFileId, idBackFileId, passbookFileId };
}

export function bankBody(
  files: Awaited<ReturnType<typeof uploadAll>>,
  overrides: Partial<CallBody<"bankApply">> = {},
): CallBody<"bankApply"> {
  return {
    bank: "Demo Commercial Bank",
    branch: "Taipei Main",
    accountName: "Test Member",
    accountNumber: "0015-123-456789",
    currency: "USD",
    address: "1 Test Road, Taipei",
    ...files,
    ...overrides,
  };
}

/** Uploads the three documents, applies, and (unless the site auto-reviews) has the operator approve. */
export async function bindBank(platform: Platform, member: TestMember): Promise<void> {
  const files = await uploadAll(platform, member);
  const applied = await memberCall(platform, member, "bankApply", { body: bankBody(files) });
  expect(applied.envelope.statusCode, applied.envelope.message).toBe(200);
  if (applied.envelope.data!.status === "approved") return;
  const params = { siteId: member.siteId, memberId: memberIdOf(member) };
  const approved = await eventually(async () => {
    const r = await platform.operator("operatorApproveBank", { params, body: { reason: "" } });
    return r.envelope.statusCode === 200 ? r : null;
  });
  expect(approved.envelope.data!.status).toBe("approved");
}
