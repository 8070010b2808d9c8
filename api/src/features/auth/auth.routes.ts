// HTTP surface of Sign-In with Ethereum: nonce -> the wallet signs an EIP-4361 message -> verify sets the
// xqb_session cookie -> session reads it back -> logout ends it. Other features check the session with
// shared/session.ts (requireSession), never with this folder.
import type { Response } from "express";
import type { Db } from "../../db/client";
import { route, type FeatureRouter, type RouteDef } from "../../http/route";
import {
  clearSessionCookie,
  createSessionStore,
  requireSession,
  sessionTokenOf,
  setSessionCookie,
  type Session,
} from "../../shared/session";
import { createNonceRepository } from "./auth.repository";
import { OPEN_OPERATOR_REASON, type OperatorPolicy } from "../../http/access";
import { accessResponse, nonceResponse, SESSION_TTL_SECONDS, sessionResponse, signOutResponse, verifyRequest, type SessionResponse } from "./auth.schemas";
import { createAuthService } from "./auth.service";

export interface AuthRoutesDeps {
  db: Db;
  /** The API's EVM chain (config.evm.chainId): the only chain id a message may name. */
  chainId: number;
  /** Who operates (config.operators): GET /api/auth/access tells a caller where it stands. */
  operators: OperatorPolicy;
  /** The clock for the message's time fields; tests move it. */
  now?: () => Date;
}

/** Signing in: limited only by the per-address ceiling, since every visitor signs in before it has a session bucket. */
export const SIGN_IN_PATHS = ["/api/auth/nonce", "/api/auth/verify"] as const;

const toBody = (s: Session): SessionResponse => ({ address: s.address, chainId: s.chainId, expiresAt: s.expiresAt.toISOString() });

// Nonces and sessions are per browser and single use: no cache may keep or share them.
const noStore = (res: Response) => res.setHeader("Cache-Control", "no-store");

/** The auth feature: Sign-In with Ethereum sessions. */
export function createAuthRouter(deps: AuthRoutesDeps): FeatureRouter {
  return { feature: "auth", routes: authRoutes(deps), exports: {} };
}

export function authRoutes({ db, chainId, operators, now }: AuthRoutesDeps): RouteDef[] {
  const sessions = createSessionStore(db, chainId);
  const service = createAuthService({ nonces: createNonceRepository(db), sessions, now });

  return [
    route({
      method: "get",
      path: "/api/auth/nonce",
      feature: "auth",
      access: "visitor",
      summary: "A fresh single-use nonce for a Sign-In with Ethereum message (valid 5 minutes)",
      response: nonceResponse,
      // It stores a row: rate-limited like a write.
      write: true,
      handler: ({ res }) => {
        noStore(res);
        return service.issueNonce();
      },
    }),
    route({
      method: "post",
      path: "/api/auth/verify",
      feature: "auth",
      access: "visitor",
      summary: "Check a signed EIP-4361 message; on success start a session (xqb_session cookie, 24 h)",
      body: verifyRequest,
      response: sessionResponse,
      errors: ["UNAUTHENTICATED"],
      write: true,
      handler: async ({ body, req, res }) => {
        noStore(res);
        const { token, session } = await service.verify({ ...body, signature: body.signature as `0x${string}`, host: req.headers.host, secure: req.secure });
        // Signing in again replaces this browser's previous session rather than leaving it behind.
        const previous = sessionTokenOf(req);
        if (previous) await sessions.delete(previous);
        setSessionCookie(req, res, token, SESSION_TTL_SECONDS);
        return toBody(session);
      },
    }),
    route({
      method: "get",
      path: "/api/auth/session",
      feature: "auth",
      access: "visitor",
      summary: "The signed-in wallet, or 401 UNAUTHENTICATED",
      response: sessionResponse,
      errors: ["UNAUTHENTICATED"],
      handler: async ({ req, res }) => {
        noStore(res);
        try {
          return toBody(await requireSession(req, sessions));
        } catch (err) {
          // A cookie that names no live session is dropped, so the browser stops sending it.
          if (sessionTokenOf(req)) clearSessionCookie(req, res);
          throw err;
        }
      },
    }),
    route({
      method: "get",
      path: "/api/auth/access",
      feature: "auth",
      access: "visitor",
      summary: "Where this caller stands: visitor, signed-in wallet or operator, and whether operator actions are open on this server",
      response: accessResponse,
      handler: ({ caller, res }) => {
        noStore(res);
        return {
          mode: operators.mode,
          openReason: operators.mode === "open-loopback" ? OPEN_OPERATOR_REASON : null,
          address: caller.address,
          operator: caller.operator,
          operatorBy: caller.operatorBy,
          operatorCount: operators.addresses.length,
        };
      },
    }),
    route({
      method: "post",
      path: "/api/auth/logout",
      feature: "auth",
      access: "visitor",
      summary: "End the session (deletes it and clears the cookie); answers the same without one",
      response: signOutResponse,
      write: true,
      handler: async ({ req, res }) => {
        noStore(res);
        const token = sessionTokenOf(req);
        if (token) await sessions.delete(token);
        clearSessionCookie(req, res);
        return { signedOut: true as const };
      },
    }),
  ];
}
