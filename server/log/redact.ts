/**
 * What a log line may never carry (server/log/README.md, "Redaction"): a field whose name says it
 * holds a credential is replaced whole; in any other text, a bearer value, a long token-like run
 * and a long run of digits (a bank card or account, a mobile, an ID number) are masked. It runs on
 * every line the logger writes, so a caller that forgets cannot leak one.
 */

export const REDACTED = "[redacted]";

/** Field names (compared without case, `-` and `_`) whose value is a credential or a person's document. */
const SECRET_FIELDS = new Set(
  [
    "password",
    "oldPassword",
    "newPassword",
    "confirmPassword",
    "transactionPassword",
    "oldTransactionPassword",
    "newTransactionPassword",
    "token",
    "accessToken",
    "listenKey",
    "key",
    "operatorKey",
    "idempotencyKey",
    "secret",
    "sessionSecrets",
    "cookie",
    "setCookie",
    "authorization",
    "cfAccessJwtAssertion",
    "turnstileToken",
    "cfTurnstileResponse",
    "code",
    "smsCode",
    "otp",
    "xpub",
    "accountNumber",
    "cardNumber",
    "idNumber",
    "realName",
    "mobile",
  ].map(normalise),
);

function normalise(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, "");
}

/** Whether a field of this name is never written, whatever its value. */
export function isSecretField(name: string): boolean {
  const n = normalise(name);
  return SECRET_FIELDS.has(n) || n.endsWith("password") || n.endsWith("secret") || n.endsWith("token");
}

/** "Bearer x", "Basic x": the scheme stays, the credential goes. */
const AUTH_VALUE = /\b(Bearer|Basic)\s+[^\s,;"']+/gi;
/** A run of 40 or more token characters: a session token (43), a key, a secret, a JWT's part. */
const TOKEN_RUN = /[A-Za-z0-9_\-+=]{40,}/g;
/**
 * 8 or more digits, single spaces between them allowed, or groups of four joined by dashes: a card,
 * an account, a mobile, an ID. (A date's dashes join groups of 2 and 4: it stays readable.)
 */
const DIGIT_RUN = /(?<![\w.:-])(?:(?:\d ?){7,}\d|\d{4}(?:-\d{4}){2,4})(?![\w])/g;
/** A letter and nine digits: the shape of a Taiwanese national ID. */
const NATIONAL_ID = /\b[A-Z][12]\d{8}\b/g;

/** Masks what looks like a credential or a document number in free text. */
export function redactText(text: string): string {
  return text
    .replace(AUTH_VALUE, (_, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(TOKEN_RUN, REDACTED)
    .replace(NATIONAL_ID, REDACTED)
    .replace(DIGIT_RUN, (run) => {
      const digits = run.replace(/\D/g, "");
      // the last four stay, as on a receipt: enough to tell two cards apart, not to use one
      return `****${digits.slice(-4)}`;
    });
}

/** Fields the logger itself fills with names and patterns, never with a value someone sent. */
const STRUCTURAL_FIELDS = new Set(["level", "event", "worker", "route", "method", "call", "object", "requestId"]);

/** A copy of `value` fit for a log line: secret fields replaced, text masked, depth bounded. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 6) return "[deep]";
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    if (isSecretField(name) && item !== undefined && item !== null) out[name] = REDACTED;
    else if (depth === 0 && STRUCTURAL_FIELDS.has(name) && typeof item === "string") out[name] = item.slice(0, 200);
    else out[name] = redact(item, depth + 1);
  }
  return out;
}
