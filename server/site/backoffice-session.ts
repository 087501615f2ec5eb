import { readCookie } from "../../app/utils/cookies";
import { open, seal, sessionKeys } from "./sealed-cookie";
import { randomToken } from "./session";

/**
 * The back office's own encrypted cookie (app/backoffice/README.md, "Sign-in"): the operator's key
 * lives here and only here, as a member's platform token lives in the member's session
 * (server/site/session.ts). It is sealed with the same secrets but another additional data
 * (`BINDING`), so neither cookie opens as the other, and it is a cookie of its own name, so a
 * brand's session and the back office's never meet even on one parent domain.
 */
export interface BackOfficeSessionData {
  csrf: string;
  /** the operator's key, sent as the bearer of every operator call */
  key?: string;
  /** who signed in (operatorSelf's id), for the log and the sign-in's own check */
  operatorId?: string;
  /** the Access identity the session was made under (production); a cookie under another ends */
  accessEmail?: string | null;
  /** epoch ms of sign-in (absolute lifetime) and of the last refresh (idle timeout) */
  signedInAt?: number;
  seenAt?: number;
  /** a notice shown once on the next page (a decision made, a refusal): a key of the backoffice namespace */
  notice?: BackOfficeNotice;
}

export interface BackOfficeNotice {
  kind: "success" | "error";
  key: string;
}

/** The additional data of the seal: no site id can be this (site ids are [a-z0-9-]). */
const BINDING = "@backoffice";
/** A working day; an operator signs in again each day. */
export const BACK_OFFICE_MAX_AGE_SECONDS = 12 * 60 * 60;
/** Idle for this long, the session ends: a back office left open on a shared desk stops working. */
export const BACK_OFFICE_IDLE_MS = 30 * 60_000;
const SEEN_RESOLUTION_MS = 60_000;

export function backOfficeCookieName(secure: boolean): string {
  return secure ? "__Host-backoffice" : "backoffice";
}

export class BackOfficeSession {
  private pending = false;

  private constructor(
    private data: BackOfficeSessionData,
    private readonly cookie: { name: string; secure: boolean; keys: CryptoKey[] },
    private readonly now: number,
  ) {}

  /**
   * The request's session; a fresh one when there is none, it does not open, it is past its
   * lifetime or idle time, or it was made under another Access identity than the request's.
   */
  static async load(
    request: Request,
    opts: { secrets: string[]; secure: boolean; now: number; accessEmail: string | null },
  ): Promise<BackOfficeSession> {
    const cookie = {
      name: backOfficeCookieName(opts.secure),
      secure: opts.secure,
      keys: await sessionKeys(opts.secrets),
    };
    const data = await readSealed(request, cookie);
    const session = new BackOfficeSession(data ?? { csrf: "" }, cookie, opts.now);
    const d = session.data;
    const expired = d.signedInAt !== undefined && opts.now - d.signedInAt > BACK_OFFICE_MAX_AGE_SECONDS * 1000;
    const idle = d.seenAt !== undefined && opts.now - d.seenAt > BACK_OFFICE_IDLE_MS;
    const otherPerson = d.key !== undefined && (d.accessEmail ?? null) !== opts.accessEmail;
    if (!data || !d.csrf || expired || idle || otherPerson) session.reset();
    else if (d.key && (d.seenAt ?? 0) < opts.now - SEEN_RESOLUTION_MS) session.update({ seenAt: opts.now });
    return session;
  }

  get csrf(): string {
    return this.data.csrf;
  }
  get key(): string | undefined {
    return this.data.key;
  }
  get signedIn(): boolean {
    return this.data.key !== undefined;
  }
  get isPending(): boolean {
    return this.pending;
  }

  /** Sign-in: a fresh session (a new CSRF token) holding the key the platform accepted. */
  signIn(key: string, operatorId: string, accessEmail: string | null) {
    this.reset();
    this.update({ key, operatorId, accessEmail, signedInAt: this.now, seenAt: this.now });
  }

  signOut() {
    this.reset();
  }

  flash(notice: BackOfficeNotice) {
    this.update({ notice });
  }

  /** The notice waiting to be shown, consumed. */
  takeNotice(): BackOfficeNotice | undefined {
    const notice = this.data.notice;
    if (notice) {
      const { notice: _taken, ...rest } = this.data;
      this.data = rest;
      this.pending = true;
    }
    return notice;
  }

  private update(patch: Partial<BackOfficeSessionData>) {
    this.data = { ...this.data, ...patch };
    this.pending = true;
  }

  private reset() {
    // a notice survives a reset: "signed out" is shown on the sign-in page
    this.data = { csrf: randomToken(), ...(this.data.notice ? { notice: this.data.notice } : {}) };
    this.pending = true;
  }

  /** The Set-Cookie line; the cookie never outlives the session's day. */
  async commit(): Promise<string> {
    const left =
      this.data.signedInAt === undefined
        ? BACK_OFFICE_MAX_AGE_SECONDS * 1000
        : this.data.signedInAt + BACK_OFFICE_MAX_AGE_SECONDS * 1000 - this.now;
    const value = await seal(JSON.stringify(this.data), this.cookie.keys, BINDING);
    const parts = [
      `${this.cookie.name}=${value}`,
      `Max-Age=${Math.max(0, Math.floor(left / 1000))}`,
      "Path=/",
      "HttpOnly",
      // Strict: the back office is never entered from a link on another site with its cookie
      "SameSite=Strict",
    ];
    if (this.cookie.secure) parts.push("Secure");
    return parts.join("; ");
  }
}

async function readSealed(
  request: Request,
  cookie: { name: string; keys: CryptoKey[] },
): Promise<BackOfficeSessionData | undefined> {
  const value = readCookie(request, cookie.name);
  if (!value) return undefined;
  const plain = await open(value, cookie.keys, BINDING);
  if (plain === undefined) return undefined;
  try {
    const data: unknown = JSON.parse(plain);
    return data !== null && typeof data === "object" && !Array.isArray(data)
      ? (data as BackOfficeSessionData)
      : undefined;
  } catch {
    return undefined;
  }
}
