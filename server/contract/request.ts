import {
  CALLS,
  CLIENT_ADDRESS_HEADER,
  fillPath,
  IDEMPOTENCY_HEADER,
  ACCOUNT_MODE_HEADER,
  SITE_HEADER,
  type CallBody,
  type CallName,
  type CallParams,
  type CallQuery,
  type CallSpec,
} from "./calls";
import type { AccountMode } from "#rules/account-mode";

/** What a contract call carries besides its name. */
export interface CallInput<N extends CallName> {
  params?: CallParams<N>;
  query?: CallQuery<N>;
  body?: CallBody<N>;
  /** a multipart call's file (sent as the form field `file`) */
  file?: Blob;
  /** the member's token or the operator key, sent as a bearer token */
  token?: string;
  /** the site the call is made for (member and site calls) */
  siteId?: string;
  idempotencyKey?: string;
  /** member calls: the money the call plays with (protection.ts); absent = real */
  mode?: AccountMode;
  /** the browser's address, as the site saw it */
  clientAddress?: string;
  /** anything else, e.g. a Cloudflare Access service token */
  headers?: Record<string, string>;
}

/**
 * The HTTP request of a contract call, built in one place for every client (the site's platform
 * client, the operator CLI, the tests and the bench): the path filled, the query encoded (a field
 * left undefined is not sent), the bearer token, site, idempotency and client-address headers, and
 * the body: JSON when one is given, or a form for a multipart call. `origin` is where the platform
 * answers (a service binding takes any).
 */
export function callRequest<N extends CallName>(name: N, input: CallInput<N>, origin: string): Request {
  const spec: CallSpec = CALLS[name];
  const url = new URL(fillPath(spec.path, input.params as Record<string, string> | undefined), origin);
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers = new Headers(input.headers);
  headers.set("accept", spec.raw ? "*/*" : "application/json");
  if (input.token !== undefined) headers.set("authorization", `Bearer ${input.token}`);
  if (input.siteId !== undefined) headers.set(SITE_HEADER, input.siteId);
  if (input.idempotencyKey !== undefined) headers.set(IDEMPOTENCY_HEADER, input.idempotencyKey);
  if (input.clientAddress !== undefined) headers.set(CLIENT_ADDRESS_HEADER, input.clientAddress);
  if (input.mode !== undefined) headers.set(ACCOUNT_MODE_HEADER, input.mode);
  let body: string | FormData | undefined;
  if (spec.multipart) body = multipartBody(input.body, input.file);
  else if (input.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(input.body);
  }
  return new Request(url, { method: spec.method, headers, body });
}

/** The form of a `multipart` call: its text fields, then the file under the name `file`. */
function multipartBody(fields: unknown, file: Blob | undefined): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries((fields ?? {}) as Record<string, unknown>)) {
    if (value !== undefined) form.set(key, String(value));
  }
  // the member's file name is not forwarded: the platform names what it stores
  if (file) form.set("file", file, "document");
  return form;
}
