import { callEndpoint } from "../../lib/endpoint-client";
import { authContract, type SessionResponse, type VerifyRequestBody } from "./contract";

/** POST auth/verify: the signed EIP-4361 message; the API answers the session and sets its cookie. */
export const verifySignIn = (body: VerifyRequestBody): Promise<SessionResponse> =>
  callEndpoint(authContract.verify, { body });
