import { useMutation } from "@tanstack/react-query";
import { fundStellarAccount } from "../../../lib/stellar/stellar-api";
import { fundXrplAccount } from "../../../lib/xrpl/xrpl-api";

/** What both fund routes answer, as far as this page reads it (friendbot / the XRPL testnet faucet). */
export type FundAnswer = {
  funded: boolean;
  alreadyExisted: boolean;
  source: "live" | "simulated";
  reason: string | null;
};

export type FundLedger = "stellar" | "xrpl";

/** POST /api/stellar/fund {publicKey} or POST /api/xrpl/fund {address}: funds the user's own testnet account (no key is sent). */
export const fundAccount = (ledger: FundLedger, account: string): Promise<FundAnswer> =>
  ledger === "stellar" ? fundStellarAccount(account) : fundXrplAccount(account);

export const useFundAccount = (ledger: FundLedger) =>
  useMutation({
    mutationKey: ["faucet", "fund", ledger],
    mutationFn: (account: string) => fundAccount(ledger, account),
  });
