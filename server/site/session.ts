import { createSession, type Session } from "@remix-run/cloudflare";
import { readCookie } from "../../app/utils/cookies";
import type { KeyOf } from "../../app/utils/translation-keys";
import { open, seal, sessionKeys } from "./sealed-cookie";
import type { AccountMode } from "#rules/account-mode";

/** What the site keeps in its encrypted cookie: never more than this. */
export interface SessionData {
  siteId: string;
  /** the platform token of a signed-in member */
  token?: string;
  account?: string;
  csrf: string;
  /** epoch ms of sign-in, for the absolute lifetime */
  signedInAt?: number;
  /** epoch ms of the last request that refreshed the cookie, for the idle timeout */
  seenAt?: number;
  /**
   * epoch ms when the member's reality check is next due, as the platform last said: a page load
   * before it asks the platform nothing (app/utils/protection.server.ts, realityCheckFor)
   */
  realityDueAt?: number;
  /**
   * epoch ms when a raised or removed limit the member asked for becomes ready to confirm, as the
   * platform last said: once it has passed, every page prompts (app/utils/protection.server.ts,
   * noteLimitReady; decision 033)
   */
  limitReadyAt?: number;
  /**
   * The money the member plays with (server/rules/account-mode.ts): only "practice" is kept,
   * absent = real. Per session: sign-in starts real, so nobody lands in play money unawares.
   */
  mode?: "practice";
  /** set once this session has shown the practice balance on the first switch to practice */
  practiceShown?: true;
  /**
   * A sign-in link waiting for the visitor's yes (server/site/README.md, "accessToken flow"): the
   * link's verified platform token, the account it signs into, the path the link named (already
   * checked as a redirect target) and when it was opened (epoch ms).
   */
  link?: PendingLink;
}

export interface PendingLink {
  token: string;
  account: string;
  path: string;
  at: number;
}

/** How long a sign-in link waits for the visitor's answer. */
export const LINK_WAIT_MS = 10 * 60_000;

export interface Toast {
  kind: "success" | "error";
  /** a key of the messages namespace */
  key: KeyOf<"messages">;
  /** how long it stays, in ms (password updates: 1000 ms, app/README.md "Messages and toasts") */
  durationMs?: number;
}

interface FlashData {
  toast: Toast;
}

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** the idle clock is refreshed at most this often, so not every request rewrites the cookie */
const SEEN_RESOLUTION_MS = 60_000;

export function randomToken(bytes = 24): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...buf))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * The site's cookie session (server/site/README.md, "Session"). `__Host-` on HTTPS (no Domain, Path=/, Secure);
 * bound to the siteId that created it: a cookie brought to another tenant starts empty.
 * Changes are committed once, by the worker entry, and only when something changed.
 */
export class AppSession {
  private pending = false;
  /**
   * The platform token of a session that ended here by time (idle timeout or the 7-day limit):
   * the worker entry revokes it at the platform too, so the token is worth nothing anywhere.
   */
  endedToken: string | undefined;

  private constructor(
    private readonly cookie: { name: string; secure: boolean; keys: CryptoKey[]; siteId: string },
    private readonly session: Session<SessionData, FlashData>,
    private readonly now: number,
  ) {}

  static async load(
    request: Request,
    opts: { secrets: string[]; secure: boolean; siteId: string; idleMinutes: number; now: number },
  ) {
    const cookie = {
      name: sessionCookieName(opts.secure),
      secure: opts.secure,
      keys: await sessionKeys(opts.secrets),
      siteId: opts.siteId,
    };
    const session = createSession<SessionData, FlashData>((await readSealed(request, cookie)) as SessionData);
    const app = new AppSession(cookie, session, opts.now);
    const data = session.data;
    const foreign = data.siteId !== undefined && data.siteId !== opts.siteId;
    const expired = data.signedInAt !== undefined && opts.now - data.signedInAt > SESSION_MAX_AGE_SECONDS * 1000;
    const idle =
      opts.idleMinutes > 0 && data.seenAt !== undefined && opts.now - data.seenAt > opts.idleMinutes * 60_000;
    if ((expired || idle) && !foreign && data.token) app.endedToken = data.token;
    if (foreign || expired || idle || !data.siteId || !data.csrf) app.reset(opts.siteId);
    else if (data.link && !(opts.now - data.link.at <= LINK_WAIT_MS)) app.dropLink();
    if (app.signedIn && opts.idleMinutes > 0 && (data.seenAt ?? 0) < opts.now - SEEN_RESOLUTION_MS) {
      app.set("seenAt", opts.now);
    }
    return app;
  }

  get signedIn(): boolean {
    return Boolean(this.session.get("token"));
  }
  get token(): string | undefined {
    return this.session.get("token");
  }
  get account(): string | undefined {
    return this.session.get("account");
  }
  get realityDueAt(): number | undefined {
    return this.session.get("realityDueAt");
  }
  get limitReadyAt(): number | undefined {
    return this.session.get("limitReadyAt");
  }
  get csrf(): string {
    return this.session.get("csrf") ?? "";
  }
  /** The session's account mode, sent on every member call (platform-client.ts); default real. */
  get mode(): AccountMode {
    return this.signedIn && this.session.get("mode") === "practice" ? "practice" : "real";
  }

  setMode(mode: AccountMode) {
    if (mode === "practice") this.set("mode", "practice");
    else if (this.session.has("mode")) {
      this.session.unset("mode");
      this.pending = true;
    }
  }

  get practiceShown(): boolean {
    return this.session.get("practiceShown") === true;
  }

  markPracticeShown() {
    this.set("practiceShown", true);
  }

  get isPending(): boolean {
    return this.pending;
  }

  set<K extends keyof SessionData>(key: K, value: SessionData[K]) {
    this.session.set(key, value);
    this.pending = true;
  }

  flashToast(toast: Toast) {
    this.session.flash("toast", toast);
    this.pending = true;
  }

  /** A toast waits to be shown (without consuming it). */
  get hasToast(): boolean {
    return this.session.has("toast");
  }

  /** Reading a flash consumes it, so the cookie must be written again. */
  takeToast(): Toast | undefined {
    const toast = this.session.get("toast");
    if (toast) this.pending = true;
    return toast;
  }

  /** The sign-in link waiting for this visitor's answer, if one is (expired ones are dropped at load). */
  get pendingLink(): PendingLink | undefined {
    return this.session.get("link");
  }

  /** A verified sign-in link, kept until the visitor answers (or for LINK_WAIT_MS). */
  holdLink(link: Omit<PendingLink, "at">) {
    this.set("link", { ...link, at: this.now });
  }

  dropLink() {
    if (!this.session.has("link")) return;
    this.session.unset("link");
    this.pending = true;
  }

  /** Sign-in: a fresh session (new CSRF token), so nothing from before sign-in carries over. */
  signIn(siteId: string, token: string, account: string, now: number) {
    this.reset(siteId);
    this.set("token", token);
    this.set("account", account);
    this.set("signedInAt", now);
    this.set("seenAt", now);
  }

  /** Sign-out and forced re-login: an empty anonymous session of the same site. */
  signOut(siteId: string) {
    this.reset(siteId);
  }

  private reset(siteId: string) {
    for (const key of Object.keys(this.session.data)) {
      if (key !== "__flash_toast__") this.session.unset(key as keyof SessionData);
    }
    this.session.set("siteId", siteId);
    this.session.set("csrf", randomToken());
    this.pending = true;
  }

  /**
   * The Set-Cookie line: the session's data sealed (sealed-cookie.ts). The cookie never outlives
   * the session: a signed-in one expires 7 days after sign-in, not after its last write.
   * Attributes as Remix's cookie writes them: Max-Age, Path=/, HttpOnly, SameSite=Lax, Secure on HTTPS.
   */
  async commit(): Promise<string> {
    const signedInAt = this.session.get("signedInAt");
    const left =
      signedInAt === undefined
        ? SESSION_MAX_AGE_SECONDS * 1000
        : signedInAt + SESSION_MAX_AGE_SECONDS * 1000 - this.now;
    const value = await seal(JSON.stringify(this.session.data), this.cookie.keys, this.cookie.siteId);
    const parts = [
      `${this.cookie.name}=${value}`,
      `Max-Age=${Math.max(0, Math.floor(left / 1000))}`,
      "Path=/",
      "HttpOnly",
      "SameSite=Lax",
    ];
    if (this.cookie.secure) parts.push("Secure");
    const line = parts.join("; ");
    if (line.length > 4096) throw new Error(`session cookie would exceed the browser's 4096 bytes: ${line.length}`);
    return line;
  }
}

export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-session" : "session";
}

/**
 * The data of the request's session cookie, or an empty object when there is none or it does not
 * open for this site with these keys (tampered, another site's, a retired secret's, or the signed
 * cookie of before the seal): such a visitor simply starts a fresh session.
 */
async function readSealed(
  request: Request,
  cookie: { name: string; keys: CryptoKey[]; siteId: string },
): Promise<Partial<SessionData>> {
  const value = readCookie(request, cookie.name);
  if (!value) return {};
  const plain = await open(value, cookie.keys, cookie.siteId);
  if (plain === undefined) return {};
  try {
    const data: unknown = JSON.parse(plain);
    return data !== null && typeof data === "object" && !Array.isArray(data) ? (data as Partial<SessionData>) : {};
  } catch {
    return {};
  }
}
