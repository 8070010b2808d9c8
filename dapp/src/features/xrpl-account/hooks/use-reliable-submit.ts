// Builds a transaction on the ledger's current figures (the account's Sequence, the base fee, the validated
// ledger + offset as LastLedgerSequence), signs it in this page and relays only the signed blob.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getXrplAccount, getXrplNetwork, submitXrplBlob, xrplKeys } from "../../../lib/xrpl/xrpl-api";
import type { XrplReliableFields } from "../../../lib/xrpl/xrpl-build";
import { signXrplTx } from "../../../lib/xrpl/xrpl-wallet";

export type BuildTx = (fields: XrplReliableFields) => Record<string, unknown>;

/** The figures a reliable transaction needs, read now; an error in words when the ledger cannot give them. */
export async function reliableFields(address: string): Promise<XrplReliableFields> {
  const [net, acct] = await Promise.all([getXrplNetwork(), getXrplAccount(address)]);
  if (!net.ledger)
    throw new Error(
      "The XRPL testnet was never reached: its fee and validated ledger are unknown, so nothing can be built yet",
    );
  if (acct.exists === false)
    throw new Error("This account does not exist on the ledger yet: fund it from the faucet first");
  if (!acct.account) throw new Error("The account's sequence is unknown (the XRPL testnet is unreachable)");
  return {
    sequence: acct.account.sequence,
    feeDrops: net.ledger.baseFeeDrops,
    lastLedgerSequence: net.ledger.validatedLedger + net.lastLedgerOffset,
  };
}

export function useReliableSubmit(address: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (build: BuildTx) => {
      if (!address) throw new Error("Generate or import a wallet first");
      const { txBlob } = await signXrplTx(build(await reliableFields(address)));
      return submitXrplBlob(txBlob);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: xrplKeys.account(address) }),
  });
}
