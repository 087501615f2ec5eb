import {
  CALLS,
  fillPath,
  type CallBody,
  type CallData,
  type CallName,
  type CallParams,
  type CallQuery,
  type Envelope,
} from "../contract";

/** Operator calls only: the names of the contract whose auth is "operator". */
export type OperatorCall = {
  [N in CallName]: (typeof CALLS)[N]["auth"] extends "operator" ? N : never;
}[CallName];

export type OperatorClient = <N extends OperatorCall>(
  name: N,
  input: { params: CallParams<N>; body?: CallBody<N>; query?: CallQuery<N> },
) => Promise<Envelope<CallData<N>>>;

/** An operator client over HTTP, for the CLI against `wrangler dev` or a deployed platform. */
export function httpOperatorClient(baseUrl: string, operatorKey: string): OperatorClient {
  return async (name, input) => {
    const spec = CALLS[name];
    const url = new URL(fillPath(spec.path, input.params as Record<string, string>), baseUrl);
    for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    // GET calls carry no body; the others always send one (an empty decision is `{}`).
    const response = await fetch(url, {
      method: spec.method,
      headers: { Authorization: `Bearer ${operatorKey}`, "Content-Type": "application/json" },
      body: spec.method === "GET" ? undefined : JSON.stringify(input.body ?? {}),
    });
    return (await response.json()) as Envelope<never>;
  };
}
