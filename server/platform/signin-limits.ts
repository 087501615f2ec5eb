/**
 * Sign-in limits in the site object's SQLite storage (server/contract/security.ts SIGNIN_LIMITS;
 * server/platform/README.md, "Security decisions"): failures per account name, per network
 * (networkOf: an IPv4 address or an IPv6 /64) and per known device, the device tokens of each
 * account, and the locks (table `locks` of ./limits.ts).
 *
 * Every function is synchronous SQL, run inside the caller's transactionSync: a check and the
 * pending attempt it records cannot interleave with another sign-in on the same site, so concurrent
 * guesses cannot all slip under a limit.
 */
import { SIGNIN_LIMITS, signinDelaySeconds } from "../contract";
import { lockedUntil } from "./limits";

const MINUTE_MS = 60_000;
const WINDOW_MS = SIGNIN_LIMITS.windowMinutes * MINUTE_MS;
const LOCK_MS = SIGNIN_LIMITS.lockMinutes * MINUTE_MS;
const ACCOUNT_LOCK = "signin-account";
const DEVICE_LOCK = "signin-device";

export const SIGNIN_SCHEMA = [
  // One row per attempt. `device` is the hash of a device token the account knows (null: a
  // stranger); `network` is null when the site forwarded no address. `pending` rows are attempts
  // whose password is still being checked: they count already.
  `CREATE TABLE IF NOT EXISTS signin_attempts (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     account TEXT NOT NULL,
     network TEXT,
     device TEXT,
     at INTEGER NOT NULL,
     pending INTEGER NOT NULL DEFAULT 0 CHECK (pending IN (0, 1))
   )`,
  `CREATE INDEX IF NOT EXISTS signin_attempts_by_account ON signin_attempts (account, at)`,
  `CREATE INDEX IF NOT EXISTS signin_attempts_by_network ON signin_attempts (network, at)`,
  `CREATE INDEX IF NOT EXISTS signin_attempts_by_device ON signin_attempts (device, at)`,
  // Devices that signed in to an account: the SHA-256 of their token, never the token itself.
  `CREATE TABLE IF NOT EXISTS signin_devices (
     account TEXT NOT NULL,
     device TEXT NOT NULL,
     used_at INTEGER NOT NULL,
     PRIMARY KEY (account, device)
   )`,
  // the counts of the earlier per-address scheme, which nothing reads any more
  `DELETE FROM attempts WHERE scope IN ('signin', 'signin-pair')`,
];

/** What the platform knows about the answer to a challenge before the gates are passed. */
export type ChallengeState = "none" | "sent" | "passed" | "failed";

export interface SigninCaller {
  account: string;
  network: string | null;
  /** SHA-256 of the device token the browser sent, if any */
  device: string | null;
  challenge: ChallengeState;
}

export interface SigninTaken {
  attemptId: number;
  /** the device hash when the account knows it, else null (a stranger) */
  knownDevice: string | null;
}

export type SigninGate =
  | { ok: true; taken: SigninTaken }
  | { ok: false; code: "account_locked"; until: number }
  | { ok: false; code: "signin_too_fast"; seconds: number }
  | { ok: false; code: "challenge_required" | "challenge_failed" }
  /** the gates before the challenge passed and an answer was sent: check it, then call again */
  | { ok: false; code: "verify_challenge" };

/** Account names compare without regard to letter case, as the directory does. */
const accountKey = (account: string) => account.toLowerCase();

function prune(sql: SqlStorage, now: number): void {
  sql.exec("DELETE FROM signin_attempts WHERE at <= ?", now - WINDOW_MS);
}

type Tally = { n: number; last: number | null };

function tally(sql: SqlStorage, where: string, value: string, now: number): Tally {
  return sql
    .exec<Tally>(
      `SELECT COUNT(*) AS n, MAX(at) AS last FROM signin_attempts WHERE ${where} AND at > ?`,
      value,
      now - WINDOW_MS,
    )
    .one();
}
/** Strangers' attempts on the account, from every network. */
const accountTally = (sql: SqlStorage, account: string, now: number) =>
  tally(sql, "device IS NULL AND account = ?", accountKey(account), now);
/** Strangers' attempts from the network, on every account. */
const networkTally = (sql: SqlStorage, network: string, now: number) =>
  tally(sql, "device IS NULL AND network = ?", network, now);
const deviceTally = (sql: SqlStorage, device: string, now: number) => tally(sql, "device = ?", device, now);

/** Seconds left of the wait that `t`'s attempts impose, or 0. */
function waitLeft(t: Tally, now: number): number {
  const delay = signinDelaySeconds(t.n);
  if (delay === 0 || t.last === null) return 0;
  const until = t.last + delay * 1000;
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

export function isKnownDevice(sql: SqlStorage, account: string, device: string): boolean {
  return (
    sql.exec("SELECT 1 FROM signin_devices WHERE account = ? AND device = ?", accountKey(account), device).toArray()
      .length > 0
  );
}

/**
 * Whether the caller may try a password now; if so the attempt is counted as pending. The order
 * of the gates matters: a lock, then the wait, and only then the challenge, so that a Turnstile
 * answer (good once) is spent only on an attempt that is going to be tried.
 */
export function takeSignin(sql: SqlStorage, caller: SigninCaller, now: number): SigninGate {
  prune(sql, now);
  const account = accountKey(caller.account);
  const known = caller.device !== null && isKnownDevice(sql, account, caller.device) ? caller.device : null;
  if (known !== null) {
    const locked = lockedUntil(sql, DEVICE_LOCK, known, now);
    if (locked !== null) return { ok: false, code: "account_locked", until: locked };
    const seconds = waitLeft(deviceTally(sql, known, now), now);
    if (seconds > 0) return { ok: false, code: "signin_too_fast", seconds };
  } else {
    const locked = lockedUntil(sql, ACCOUNT_LOCK, account, now);
    if (locked !== null) return { ok: false, code: "account_locked", until: locked };
    const onAccount = accountTally(sql, account, now);
    const seconds = waitLeft(onAccount, now);
    if (seconds > 0) return { ok: false, code: "signin_too_fast", seconds };
    // no address, no network count: only the account's (the site always forwards one in production)
    const onNetwork = caller.network === null ? 0 : networkTally(sql, caller.network, now).n;
    if (onAccount.n >= SIGNIN_LIMITS.challengeAfter || onNetwork >= SIGNIN_LIMITS.challengeAfter) {
      if (caller.challenge === "none") return { ok: false, code: "challenge_required" };
      if (caller.challenge === "sent") return { ok: false, code: "verify_challenge" };
      if (caller.challenge === "failed") return { ok: false, code: "challenge_failed" };
    }
  }
  const attemptId = sql
    .exec<{ id: number }>(
      "INSERT INTO signin_attempts (account, network, device, at, pending) VALUES (?, ?, ?, ?, 1) RETURNING id",
      account,
      caller.network,
      known,
      now,
    )
    .one().id;
  return { ok: true, taken: { attemptId, knownDevice: known } };
}

/**
 * The right password. A known device's failures are forgiven, and so are the failures of the
 * caller's network on this account; strangers' failures elsewhere stay counted (the member's
 * success must not give guessers a fresh count). `newDevice` (a hash) is remembered for the account,
 * which keeps its `devicesPerAccount` most recently used.
 */
export function signinSucceeded(
  sql: SqlStorage,
  caller: SigninCaller,
  taken: SigninTaken,
  newDevice: string | null,
  now: number,
): void {
  const account = accountKey(caller.account);
  sql.exec("DELETE FROM signin_attempts WHERE id = ?", taken.attemptId);
  if (taken.knownDevice !== null) {
    sql.exec("DELETE FROM signin_attempts WHERE device = ?", taken.knownDevice);
    sql.exec("UPDATE signin_devices SET used_at = ? WHERE account = ? AND device = ?", now, account, taken.knownDevice);
  } else if (caller.network !== null) {
    sql.exec(
      "DELETE FROM signin_attempts WHERE device IS NULL AND account = ? AND network = ?",
      account,
      caller.network,
    );
  }
  if (newDevice !== null) {
    sql.exec(
      "INSERT INTO signin_devices (account, device, used_at) VALUES (?, ?, ?) ON CONFLICT (account, device) DO UPDATE SET used_at = excluded.used_at",
      account,
      newDevice,
      now,
    );
    sql.exec(
      "DELETE FROM signin_devices WHERE account = ? AND device NOT IN (SELECT device FROM signin_devices WHERE account = ? ORDER BY used_at DESC LIMIT ?)",
      account,
      account,
      SIGNIN_LIMITS.devicesPerAccount,
    );
  }
}

/**
 * A wrong password (or no such account): the attempt counts. Returns the lock this failure
 * started — the account's against strangers, or the known device's — or null.
 */
export function signinFailed(
  sql: SqlStorage,
  caller: SigninCaller,
  taken: SigninTaken,
  now: number,
): { scope: "account" | "device"; until: number } | null {
  sql.exec("UPDATE signin_attempts SET pending = 0 WHERE id = ?", taken.attemptId);
  const [scope, subject, failures] =
    taken.knownDevice !== null
      ? (["device", taken.knownDevice, deviceTally(sql, taken.knownDevice, now).n] as const)
      : (["account", accountKey(caller.account), accountTally(sql, caller.account, now).n] as const);
  const lockScope = scope === "device" ? DEVICE_LOCK : ACCOUNT_LOCK;
  if (failures < SIGNIN_LIMITS.maxFailures || lockedUntil(sql, lockScope, subject, now) !== null) return null;
  const until = now + LOCK_MS;
  sql.exec(
    "INSERT INTO locks (scope, subject, until) VALUES (?, ?, ?) ON CONFLICT (scope, subject) DO UPDATE SET until = excluded.until",
    lockScope,
    subject,
    until,
  );
  return { scope, until };
}
