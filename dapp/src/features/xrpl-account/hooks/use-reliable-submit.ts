// Builds a transaction on the ledger's current figures (the account's Sequence, the base fee, the validated
// ledger + offset as LastLedgerSequence), signs it in this page and relays only the signed blob.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getXrplAccount, getXrplNetwork, submitXrplBlob, xrplKeys } from "../../../lib/xrpl/xrpl-api";
import type { XrplReliableFields } from "../../../lib/xrpl/xrpl-build";
import { loadXrpl, signXrplTx } from "../../../lib/xrpl/xrpl-wallet";
import { XRPL_REFERENCE_FEE_DROPS } from "../constants";

export type BuildTx = (fields: XrplReliableFields) => Record<string, unknown>;

/** XRPL's reference base fee in drops: what a transaction built offline states when the ledger's own is unknown. */
export const REFERENCE_FEE_DROPS = XRPL_REFERENCE_FEE_DROPS;

/** The figures a transaction is built on, and why they are placeholders when the testnet was not reached. */
export type BuildFigures = XrplReliableFields & { offline: string | null };

/**
 * The figures a reliable transaction needs, read now. With the testnet unreachable the transaction is still built
 * and signed here, on stated placeholders (the last sequence seen, or 1; the reference fee; the offset alone as
 * the last ledger), and relayed: the API checks its signature offline and never submits it.
 */
export async function reliableFields(address: string): Promise<BuildFigures> {
  const [net, acct] = await Promise.all([getXrplNetwork(), getXrplAccount(address)]);
  if (net.ledger && acct.exists === false)
    throw new Error("This account does not exist on the ledger yet: fund it from the faucet first");
  if (net.ledger && acct.account)
    return {
      sequence: acct.account.sequence,
      feeDrops: net.ledger.baseFeeDrops,
      lastLedgerSequence: net.ledger.validatedLedger + net.lastLedgerOffset,
      offline: null,
    };
  const unknown = [
    acct.account ? null : "the account's sequence (1 assumed)",
    net.ledger ? null : `the fee (the reference ${REFERENCE_FEE_DROPS} drops assumed)`,
    net.ledger ? null : `the validated ledger (last ledger ${net.lastLedgerOffset} assumed)`,
  ].filter(Boolean);
  return {
    sequence: acct.account?.sequence ?? 1,
    feeDrops: net.ledger?.baseFeeDrops ?? REFERENCE_FEE_DROPS,
    lastLedgerSequence: (net.ledger?.validatedLedger ?? 0) + net.lastLedgerOffset,
    offline: `Signed offline: the XRPL testnet was not reached, so ${unknown.join(", ")} ${unknown.length === 1 ? "is a placeholder" : "are placeholders"}`,
  };
}

/** The API's answer for a relayed transaction, with the signed blob this page made and its JSON (copyable, to verify or relay). */
export type ReliableSubmitResult = Awaited<ReturnType<typeof submitXrplBlob>> & {
  txBlob: string;
  /** The signed transaction decoded from the blob, as JSON text (signature included). */
  txJson: string;
  offline: string | null;
};

/** Builds on the figures read now (or stated placeholders), signs in this page, and relays only the signed blob. */
export async function signAndRelay(address: string, build: BuildTx): Promise<ReliableSubmitResult> {
  const { offline, ...fields } = await reliableFields(address);
  const { txBlob } = await signXrplTx(build(fields));
  const txJson = JSON.stringify((await loadXrpl()).decode(txBlob), null, 2);
  return { ...(await submitXrplBlob(txBlob)), txBlob, txJson, offline };
}

export function useReliableSubmit(address: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (build: BuildTx): Promise<ReliableSubmitResult> => {
      if (!address) throw new Error("Generate or import a wallet first");
      return signAndRelay(address, build);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: xrplKeys.account(address) }),
  });
}
