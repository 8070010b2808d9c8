// The dapp's one road to the API: an endpoint of a feature's contract (api/src/features/<feature>/<feature>.contract.ts)
// and its input give the URL, the method and the body; the contract's schemas give the input and answer types.
// No page writes a path: a path changed in the contract changes here too, and a schema changed there fails the build.
import type { Endpoint, EndpointInput, EndpointOutput, NoInput } from "../../../api/src/http/endpoint";
import { urlOf } from "../../../api/src/http/endpoint";
import { apiRequest } from "./api-client";

export type { EndpointInput, EndpointOutput } from "../../../api/src/http/endpoint";

export interface CallOptions {
  signal?: AbortSignal;
  /** For a write that waits on a ledger longer than the default timeout allows. */
  timeoutMs?: number;
}

type Args<E> =
  NoInput<E> extends true
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/** One call of an endpoint: its answer, typed by the contract; errors as apiRequest throws them. */
export function callEndpoint<E extends Endpoint>(
  endpoint: E,
  ...[input, options]: Args<E>
): Promise<EndpointOutput<E>> {
  const { params, query, body } = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  return apiRequest(urlOf(endpoint, { params, query }), {
    method: endpoint.method === "post" ? "POST" : "GET",
    // No body unless the endpoint declares one: a POST that takes none (a test run) refuses even "{}".
    body: endpoint.method === "post" ? body : undefined,
    signal: options?.signal,
    timeoutMs: options?.timeoutMs,
  }) as Promise<EndpointOutput<E>>;
}
