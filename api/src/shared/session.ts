// The one way a feature asks "which wallet is this request from?": the Sign-In with Ethereum session in
// the xqb_session cookie (POST /api/auth/verify creates it). Use it for what the server does or records
// on a wallet's behalf (e.g. a faucet claim per wallet); a transaction the wallet signs itself needs none.
//
//   const session = await requireSession(req, sessions); // 401 UNAUTHENTICATED in the one error shape
//   session.address // EIP-55 checksummed, proven by a signature
import type { Request, Response } from "express";
import { parseCookie, stringifySetCookie } from "cookie";
import { HttpError } from "../http/errors";
import type { Session, SessionStore } from "./session-store";

export type { Session, SessionStore } from "./session-store";
export { createSessionStore } from "./session-store";

export const SESSION_COOKIE = "xqb_session";

/** The session token the request's cookie carries, or null. */
export function sessionTokenOf(req: Request): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  return parseCookie(header)[SESSION_COOKIE] || null;
}

/** The request's live session, or null when it has none (no cookie, unknown, expired or signed out). */
export async function readSession(req: Request, sessions: SessionStore): Promise<Session | null> {
  const token = sessionTokenOf(req);
  return token ? sessions.find(token) : null;
}

/** The request's live session; otherwise throws 401 UNAUTHENTICATED saying why. */
export async function requireSession(req: Request, sessions: SessionStore): Promise<Session> {
  const token = sessionTokenOf(req);
  if (!token) throw new HttpError("UNAUTHENTICATED", "Sign in with Ethereum first");
  const session = await sessions.find(token);
  if (!session)
    throw new HttpError("UNAUTHENTICATED", "Sign in with Ethereum first: the session has expired or was signed out");
  return session;
}

// HttpOnly: page scripts never see the token. SameSite=Strict: no other site's page can make the browser
// send it. Secure only over https, so the plain-http local stack (127.0.0.1) keeps working.
const cookieAttributes = (req: Request) => ({
  httpOnly: true,
  sameSite: "strict" as const,
  path: "/",
  secure: req.secure,
});

export function setSessionCookie(req: Request, res: Response, token: string, maxAgeSeconds: number): void {
  res.append(
    "Set-Cookie",
    stringifySetCookie({
      name: SESSION_COOKIE,
      value: token,
      maxAge: Math.trunc(maxAgeSeconds),
      ...cookieAttributes(req),
    }),
  );
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.append(
    "Set-Cookie",
    stringifySetCookie({ name: SESSION_COOKIE, value: "", maxAge: 0, expires: new Date(0), ...cookieAttributes(req) }),
  );
}
