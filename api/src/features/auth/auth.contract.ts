// Sign-In with Ethereum's endpoints (http/endpoint.ts): nonce -> verify -> session / access -> logout.
import { endpoint } from "../../http/endpoint";
import type {
  accessResponse,
  nonceResponse,
  sessionOrNullResponse,
  sessionResponse,
  signOutResponse,
  verifyRequest,
} from "./auth.schemas";

export const authContract = {
  nonce: endpoint<{ response: typeof nonceResponse }>()({
    method: "get",
    path: "/api/auth/nonce",
    feature: "auth",
    access: "visitor",
    summary: "A fresh single-use nonce for a Sign-In with Ethereum message (valid 5 minutes)",
    // It stores a row: rate-limited like a write.
    write: true,
  }),
  verify: endpoint<{ body: typeof verifyRequest; response: typeof sessionResponse }>()({
    method: "post",
    path: "/api/auth/verify",
    feature: "auth",
    access: "visitor",
    summary: "Check a signed EIP-4361 message; on success start a session (xqb_session cookie, 24 h)",
    errors: ["UNAUTHENTICATED"],
    write: true,
  }),
  session: endpoint<{ response: typeof sessionOrNullResponse }>()({
    method: "get",
    path: "/api/auth/session",
    feature: "auth",
    access: "visitor",
    // 200 either way: a page asking whether its wallet is signed in is not an error (no console error in the browser).
    summary: "The signed-in wallet, or null without a valid session (a stale or forged cookie is cleared)",
  }),
  access: endpoint<{ response: typeof accessResponse }>()({
    method: "get",
    path: "/api/auth/access",
    feature: "auth",
    access: "visitor",
    summary:
      "Where this caller stands: visitor, signed-in wallet or operator, and whether operator actions are open on this server",
  }),
  logout: endpoint<{ response: typeof signOutResponse }>()({
    method: "post",
    path: "/api/auth/logout",
    feature: "auth",
    access: "visitor",
    summary: "End the session (deletes it and clears the cookie); answers the same without one",
    write: true,
  }),
};

/** Signing in: limited only by the per-address ceiling, since every visitor signs in before it has a session bucket. */
export const SIGN_IN_PATHS = [authContract.nonce.path, authContract.verify.path] as const;
