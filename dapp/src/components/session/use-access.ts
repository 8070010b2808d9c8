import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/endpoint-client";
import { authContract, type AccessResponse } from "./contract";

/**
 * GET auth/access: where this browser stands to the API's access rules (api/src/http/access.ts). Under the
 * "auth" key, so signing in or out (which resets ["auth", …]) makes every gate read it again.
 */
export const accessQueryKey = ["auth", "access"] as const;

export const useAccess = () =>
  useQuery({
    queryKey: accessQueryKey,
    queryFn: ({ signal }) => callEndpoint(authContract.access, {}, { signal }),
    staleTime: 30_000,
  });

export type Access = "visitor" | "wallet" | "operator";

/** The rule of one control that sends several endpoints (each from its contract): the strictest of theirs. */
export const strictest = (...rules: Access[]): Access =>
  rules.includes("operator") ? "operator" : rules.includes("wallet") ? "wallet" : "visitor";

/** What a page shows beside an action of this access rule, and whether the action may be offered. */
export interface Gate {
  /** The action can be sent (the API will admit it). Unknown while the access is loading: not allowed yet. */
  allowed: boolean;
  /** The reason in the page's words: why it is open, or what to do to be admitted. */
  note: string | null;
  loading: boolean;
}

export function gateFor(access: Access, state: AccessResponse | undefined): Gate {
  if (access === "visitor") return { allowed: true, note: null, loading: false };
  if (!state) return { allowed: false, note: null, loading: true };
  if (access === "wallet") {
    return state.address
      ? { allowed: true, note: null, loading: false }
      : { allowed: false, note: "Sign in with your wallet to do this: it acts for your own address", loading: false };
  }
  if (state.operatorBy === "open") return { allowed: true, note: state.openReason, loading: false };
  if (state.operator) return { allowed: true, note: `Signed in as operator ${state.address}`, loading: false };
  if (!state.address) return { allowed: false, note: "Sign in as an operator to run this", loading: false };
  return {
    allowed: false,
    note: `Only an operator may run this: ${state.address} is not one. Visitors see the last operator run.`,
    loading: false,
  };
}

/** The gate of an action with this access rule, read from GET auth/access. */
export function useGate(access: Access): Gate {
  const state = useAccess();
  return gateFor(access, state.data);
}
