// HTTP surface of Sign-In with Ethereum: nonce -> the wallet signs an EIP-4361 message -> verify sets the
// xqb_session cookie -> session reads it back -> logout ends it. Other features check the session with
// shared/session.ts (requireSession), never with this folder.
import type { Response } from "express";
import type { Db } from "../../db/client";
import { implement, type FeatureRouter, type RouteDef } from "../../http/route";
import { authContract } from "./auth.contract";
import {
  clearSessionCookie,
  createSessionStore,
  readSession,
  sessionTokenOf,
  setSessionCookie,
  type Session,
} from "../../shared/session";
import { createNonceRepository } from "./auth.repository";
import { OPEN_OPERATOR_REASON, type OperatorPolicy } from "../../http/access";
import {
  accessResponse,
  nonceResponse,
  SESSION_TTL_SECONDS,
  sessionOrNullResponse,
  sessionResponse,
  signOutResponse,
  verifyRequest,
  type SessionResponse,
} from "./auth.schemas";
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

export { SIGN_IN_PATHS } from "./auth.contract";

const toBody = (s: Session): SessionResponse => ({
  address: s.address,
  chainId: s.chainId,
  expiresAt: s.expiresAt.toISOString(),
});

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
    implement(authContract.nonce, {
      response: nonceResponse,
      handler: ({ res }) => {
        noStore(res);
        return service.issueNonce();
      },
    }),
    implement(authContract.verify, {
      body: verifyRequest,
      response: sessionResponse,
      handler: async ({ body, req, res }) => {
        noStore(res);
        const { token, session } = await service.verify({
          ...body,
          signature: body.signature as `0x${string}`,
          host: req.headers.host,
          secure: req.secure,
        });
        // Signing in again replaces this browser's previous session rather than leaving it behind.
        const previous = sessionTokenOf(req);
        if (previous) await sessions.delete(previous);
        setSessionCookie(req, res, token, SESSION_TTL_SECONDS);
        return toBody(session);
      },
    }),
    implement(authContract.session, {
      response: sessionOrNullResponse,
      handler: async ({ req, res }) => {
        noStore(res);
        const session = await readSession(req, sessions);
        if (session) return toBody(session);
        // A cookie that names no live session is dropped, so the browser stops sending it.
        if (sessionTokenOf(req)) clearSessionCookie(req, res);
        return null;
      },
    }),
    implement(authContract.access, {
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
    implement(authContract.logout, {
      response: signOutResponse,
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
