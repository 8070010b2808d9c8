import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client";

/** What the fund routes answer (slices stellar/xrpl: friendbot / the XRPL testnet faucet), as far as this page reads it. */
export type FundAnswer = { funded: boolean; alreadyExisted: boolean; source?: "live" | "simulated"; reason?: string | null };

export type FundLedger = "stellar" | "xrpl";

/** POST /api/stellar/fund {publicKey} or POST /api/xrpl/fund {address}: funds the user's own account on that testnet. */
export const fundAccount = (ledger: FundLedger, account: string): Promise<FundAnswer> =>
  ledger === "stellar"
    ? api.post<z.ZodType<FundAnswer>>("/api/stellar/fund", { publicKey: account }, 30_000)
    : api.post<z.ZodType<FundAnswer>>("/api/xrpl/fund", { address: account }, 30_000);

export const useFundAccount = (ledger: FundLedger) => useMutation({ mutationKey: ["faucet", "fund", ledger], mutationFn: (account: string) => fundAccount(ledger, account) });
