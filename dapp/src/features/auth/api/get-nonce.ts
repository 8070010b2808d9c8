import { api } from "../../../lib/api-client";
import { nonceResponse, type NonceResponse } from "../../../types/api";

/** GET /api/auth/nonce: a fresh single-use nonce for one sign-in message. Never cached: each is used once. */
export const getNonce = (signal?: AbortSignal): Promise<NonceResponse> => api.get("/api/auth/nonce", nonceResponse, signal);
