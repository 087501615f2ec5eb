import { redact } from "./redact";

/**
 * The one logger of both workers (server/log/README.md): every line is one JSON object, which
 * Workers Logs indexes field by field, and every line passes through `redact` first.
 */

export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

/** Writes one JSON line: `event` names what happened, `fields` say the rest. */
export function log(level: LogLevel, event: string, fields: LogFields = {}): void {
  const line = JSON.stringify(redact({ level, event, ...fields }));
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/**
 * An error as log fields: its name and message, and the first frames of its stack (a log line may
 * carry a stack; a response never does).
 */
export function errorFields(error: unknown): LogFields {
  if (error instanceof Error) {
    return {
      error: `${error.name}: ${error.message}`,
      stack: error.stack
        ?.split("\n")
        .slice(1, 6)
        .map((frame) => frame.trim()),
    };
  }
  return { error: String(error) };
}

/** A request id as the site passes it to the platform: Cloudflare's ray id or a UUID. */
const REQUEST_ID_SHAPE = /^[A-Za-z0-9-]{8,64}$/;

/**
 * This request's id: the header the site set (`passed`, the platform's side), else Cloudflare's
 * `cf-ray`, else a new one (local runs and tests have no ray).
 */
export function requestIdOf(request: Request, passedHeader?: string): string {
  for (const name of [passedHeader, "cf-ray"]) {
    const value = name ? request.headers.get(name)?.trim() : undefined;
    if (value && REQUEST_ID_SHAPE.test(value)) return value;
  }
  return crypto.randomUUID();
}

/** Milliseconds since `start` (Date.now()), whole. On Workers the clock moves only across I/O. */
export function since(start: number): number {
  return Math.max(0, Date.now() - start);
}
