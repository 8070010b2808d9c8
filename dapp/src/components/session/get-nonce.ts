import { callEndpoint } from "../../lib/endpoint-client";
import { authContract, type NonceResponse } from "./contract";

/** GET auth/nonce: a fresh single-use nonce for one sign-in message. Never cached: each is used once. */
export const getNonce = (signal?: AbortSignal): Promise<NonceResponse> =>
  callEndpoint(authContract.nonce, {}, { signal });
