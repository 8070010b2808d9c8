import { useQueryClient } from "@tanstack/react-query";
import { parseEventLogs, type Address } from "viem";
import { readContract, writeContract } from "wagmi/actions";
import { useTransactionFlow, type TxPreviewRow, type TxStep } from "../../../components/transaction-flow";
import { deployments } from "../../../lib/contracts";
import { bridgeKey, bridgeMutationKey } from "../api/keys";
import type { BridgeLedger } from "../api/types";

/** The chain the wallet locks on: the one with a deploy map (Hardhat). */
export const BRIDGE_CHAIN_ID = 31337 as const;
/** BridgeEscrow's destination chain ids. */
export const CHAIN_OF: Record<BridgeLedger, 1 | 2> = { stellar: 1, xrpl: 2 };

export type LockRequest = {
  ledger: BridgeLedger;
  destination: string;
  amount: bigint;
  amountText: string;
  memo: string;
  preview: TxPreviewRow[];
};

/**
 * XQB -> Stellar / XRPL, signed by the connected wallet through the shared transaction flow: approve the
 * escrow (only when the allowance is short), then BridgeEscrow.lock(amount, chain, address, memo). Once
 * mined, the lock's nonce is read from its Locked event in the receipt: that is the transfer's id at
 * the API, which the page then follows. The API never signs for the wallet.
 */
export function useLockFlow(onLocked: (lockId: string) => void) {
  const queryClient = useQueryClient();
  const flow = useTransactionFlow({ mutationKey: [...bridgeMutationKey, "lock"] });
  const map = deployments[BRIDGE_CHAIN_ID];

  const start = async (
    { ledger, destination, amount, amountText, memo, preview }: LockRequest,
    account: Address,
    config: Parameters<typeof readContract>[0],
  ) => {
    const allowance = await readContract(config, {
      address: map.XQBToken.address,
      abi: map.XQBToken.abi,
      functionName: "allowance",
      args: [account, map.BridgeEscrow.address],
      chainId: BRIDGE_CHAIN_ID,
    });
    const approve: TxStep = {
      id: "approve",
      label: `Allow the escrow to take ${amountText} XQB`,
      send: ({ config, chainId }) =>
        writeContract(config, {
          address: map.XQBToken.address,
          abi: map.XQBToken.abi,
          functionName: "approve",
          args: [map.BridgeEscrow.address, amount],
          chainId,
        }),
    };
    const lock: TxStep = {
      id: "lock",
      label: `Lock ${amountText} XQB for ${ledger === "stellar" ? "Stellar" : "XRPL"}`,
      send: ({ config, chainId }) =>
        writeContract(config, {
          address: map.BridgeEscrow.address,
          abi: map.BridgeEscrow.abi,
          functionName: "lock",
          args: [amount, CHAIN_OF[ledger], destination, memo],
          chainId,
        }),
    };
    flow.start<string>({
      title: "Bridge XQB",
      chainId: BRIDGE_CHAIN_ID,
      contract: "BridgeEscrow",
      preview,
      steps: allowance >= amount ? [lock] : [approve, lock],
      afterConfirmedLabel: "Reading the lock id…",
      afterConfirmed: async (receipt) => {
        void queryClient.invalidateQueries({ queryKey: ["readContract"] });
        void queryClient.invalidateQueries({ queryKey: bridgeKey });
        const [locked] = parseEventLogs({ abi: map.BridgeEscrow.abi, logs: receipt.logs, eventName: "Locked" });
        if (!locked) throw new Error("The lock was mined but carries no Locked event");
        return locked.args.nonce.toString();
      },
      onSuccess: (lockId) => {
        if (lockId !== undefined) onLocked(lockId);
      },
    });
  };

  return { flow, start };
}
