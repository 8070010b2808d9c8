import { api } from "../../lib/api-client";
import type { sessionResponse, SessionResponse, VerifyRequestBody } from "../../types/api";

/** POST /api/auth/verify: the signed EIP-4361 message; the API answers the session and sets its cookie. */
export const verifySignIn = (body: VerifyRequestBody): Promise<SessionResponse> => api.post<typeof sessionResponse>("/api/auth/verify", body);
