import { useGate, type Gate } from "../../../components/session/use-access";
import { treasuryStakingContract } from "../api/contract";

/** The page's words for a wallet action without a session (the spec's demo user is a read-only showcase). */
export const TRADE_SIGN_IN_NOTE = "Sign in with your wallet to trade";

/**
 * The gate of a trade, as the contract declares stake's access (close declares the same: a position is the
 * signed-in wallet's own), with this page's sentence.
 */
export function useTradeGate(): Gate {
  const gate = useGate(treasuryStakingContract.stake.access);
  return !gate.allowed && !gate.loading ? { ...gate, note: TRADE_SIGN_IN_NOTE } : gate;
}
