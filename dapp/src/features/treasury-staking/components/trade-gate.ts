import { useGate, type Gate } from "../../../components/session/use-access";

/** The page's words for a wallet action without a session (the spec's demo user is a read-only showcase). */
export const TRADE_SIGN_IN_NOTE = "Sign in with your wallet to trade";

/** The wallet gate (api: access "wallet") with this page's sentence: a position is the signed-in wallet's own. */
export function useTradeGate(): Gate {
  const gate = useGate("wallet");
  return !gate.allowed && !gate.loading ? { ...gate, note: TRADE_SIGN_IN_NOTE } : gate;
}
