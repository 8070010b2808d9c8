// Who may call a route: one rule per route, declared with it (RouteDef.access), checked here before the
// route reads its input, and documented in GET /api/openapi.json as the route's security requirement.
//
//   visitor   anyone; reads, and actions the chain itself authorises through the caller's own wallet signature
//   wallet    a Sign-In with Ethereum session: the wallet's own records and the server-paid actions for itself
//   operator  a signed-in wallet listed in OPERATOR_ADDRESSES: what changes what every visitor shares
//
// When OPERATOR_ADDRESSES is unset and the server listens only on this machine, a single presenter needs no
// sign-in: operator routes are open, and every caller is told why ("open: …"). A server reachable from other
// machines without OPERATOR_ADDRESSES does not start (config.ts).
import type { Request } from "express";
import { getAddress, isAddressEqual, type Address } from "viem";
import { readSession, sessionTokenOf, type Session, type SessionStore } from "../shared/session";
import { HttpError } from "./errors";

export type Access = "visitor" | "wallet" | "operator";
export const ACCESS_LEVELS = ["visitor", "wallet", "operator"] as const satisfies readonly Access[];

/** How operators are known: "listed" (OPERATOR_ADDRESSES) or "open-loopback" (unset, this machine only). */
export interface OperatorPolicy {
  mode: "listed" | "open-loopback";
  /** EIP-55; empty in open-loopback mode. */
  addresses: readonly Address[];
}

/** The sentence every page shows beside an operator action that is open because nobody was named. */
export const OPEN_OPERATOR_REASON = "open: this server listens on this machine only";

/** Who is calling, as every handler sees it. */
export interface Caller {
  /** The live SIWE session, when the request carries one. */
  session: Session | null;
  /** The signed-in wallet (EIP-55), or null for a visitor. */
  address: Address | null;
  /** May run operator routes: a listed operator's session, or anyone in open-loopback mode. */
  operator: boolean;
  /** Why `operator` holds: "listed" (a signed-in operator), "open" (open-loopback), or null. */
  operatorBy: "listed" | "open" | null;
}

export const VISITOR: Caller = { session: null, address: null, operator: false, operatorBy: null };

export function isListedOperator(policy: OperatorPolicy, address: Address | null): boolean {
  return address !== null && policy.addresses.some((a) => isAddressEqual(a, address));
}

export function callerOf(policy: OperatorPolicy, session: Session | null): Caller {
  const address = session ? getAddress(session.address) : null;
  if (isListedOperator(policy, address)) return { session, address, operator: true, operatorBy: "listed" };
  if (policy.mode === "open-loopback") return { session, address, operator: true, operatorBy: "open" };
  return { session, address, operator: false, operatorBy: null };
}

/** Who ran an operator job, for the "last run" every visitor sees: the operator's address, or "open" mode. */
export const ranByOf = (caller: Caller): string =>
  caller.operatorBy === "listed" && caller.address ? caller.address : "open (local presenter)";

export interface AccessGuard {
  policy: OperatorPolicy;
  /** The request's caller (one session lookup per request, remembered on it). */
  callerOf(req: Request): Promise<Caller>;
  /** The caller, or throws 401 / 403 in the one error shape when `access` does not admit it. */
  admit(req: Request, access: Access): Promise<Caller>;
}

const CALLER = Symbol("caller");
type WithCaller = Request & { [CALLER]?: Promise<Caller> };

export function createAccessGuard(policy: OperatorPolicy, sessions: SessionStore): AccessGuard {
  // Most requests carry no session cookie (every visitor's polling): one answer, made once.
  const anonymous = Promise.resolve(Object.freeze(callerOf(policy, null)));
  const callerFor = (req: Request): Promise<Caller> => {
    const r = req as WithCaller;
    return (r[CALLER] ??= sessionTokenOf(req)
      ? readSession(req, sessions).then((session) => callerOf(policy, session))
      : anonymous);
  };
  return {
    policy,
    callerOf: callerFor,
    async admit(req, access) {
      const caller = await callerFor(req);
      if (access === "visitor") return caller;
      if (access === "wallet") {
        if (!caller.session)
          throw new HttpError("UNAUTHENTICATED", "Sign in with Ethereum first: this acts for a signed-in wallet", {
            details: { access },
          });
        return caller;
      }
      if (caller.operator) return caller;
      if (!caller.session)
        throw new HttpError(
          "UNAUTHENTICATED",
          "Sign in as an operator to run this: it changes what every visitor shares",
          { details: { access } },
        );
      throw new HttpError(
        "FORBIDDEN",
        `Only an operator may run this: ${caller.address} is not in OPERATOR_ADDRESSES`,
        { details: { access } },
      );
    },
  };
}
