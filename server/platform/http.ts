import type { Envelope } from "../contract";
import type { Result } from "./result";

/** Every response is the contract's envelope, with the HTTP status equal to `statusCode`. */
export function respond(result: Result<unknown>): Response {
  const body: Envelope = result.ok
    ? { statusCode: 200, message: "ok", data: result.data }
    : { statusCode: result.statusCode, message: result.message, ...(result.data ? { data: result.data } : {}) };
  return Response.json(body, { status: body.statusCode });
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

const MAX_BODY_CHARS = 256 * 1024;

/** The request's JSON body; undefined when it is missing, too large or not JSON. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.length > MAX_BODY_CHARS) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
