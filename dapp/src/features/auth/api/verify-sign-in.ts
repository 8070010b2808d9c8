import { api } from "../../../lib/api-client";
import { sessionResponse, type SessionResponse, type VerifyRequestBody } from "../../../types/api";

/** POST /api/auth/verify: the signed EIP-4361 message; the API answers the session and sets its cookie. */
export const verifySignIn = (body: VerifyRequestBody): Promise<SessionResponse> => api.post("/api/auth/verify", body, sessionResponse);
