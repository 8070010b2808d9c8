import { api } from "../../lib/api-client";
import type { nonceResponse, NonceResponse } from "../../types/api";

/** GET /api/auth/nonce: a fresh single-use nonce for one sign-in message. Never cached: each is used once. */
export const getNonce = (signal?: AbortSignal): Promise<NonceResponse> => api.get<typeof nonceResponse>("/api/auth/nonce", signal);
