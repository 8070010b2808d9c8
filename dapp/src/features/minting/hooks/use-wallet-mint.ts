import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { parseEther, type Address } from "viem";
import { useConfig } from "wagmi";
import { getConnection, switchChain, waitForTransactionReceipt, writeContract } from "wagmi/actions";
import { hardhat } from "wagmi/chains";
import { describeError } from "../../../lib/api-client";
import { deployments } from "../../../lib/contracts";
import { mintMutationKey, prependToMintHistory } from "../api/get-mint-history";
import { recordWalletMint } from "../api/record-wallet-mint";

export type WalletMintStage = "idle" | "switching" | "confirm" | "waiting" | "recording";

export const walletMintStageText: Record<Exclude<WalletMintStage, "idle">, string> = {
  switching: "Switching the wallet to Hardhat (31337)…",
  confirm: "Confirm in wallet…",
  waiting: "Waiting for confirmation…",
  recording: "Recording…",
};

/** The chain the browser wallet mints on: the one with a deploy map. */
export const WALLET_MINT_CHAIN_ID = hardhat.id;

/**
 * ETH -> XQB signed by the connected wallet: XQBMinter.mint(recipient) with the ETH as value, wait for
 * the receipt, then POST /api/xqbme/wallet-mint so the API reads it back from the chain and records it.
 */
export function useWalletMint() {
  const config = useConfig();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<WalletMintStage>("idle");

  const mutation = useMutation({
    mutationKey: [...mintMutationKey, "wallet"],
    mutationFn: async ({ ethAmount, recipient }: { ethAmount: string; recipient: Address }) => {
      try {
        const chainId = WALLET_MINT_CHAIN_ID;
        if (getConnection(config).chainId !== chainId) {
          setStage("switching");
          await switchChain(config, { chainId });
        }
        const minter = deployments[chainId].XQBMinter;
        setStage("confirm");
        const hash = await writeContract(config, {
          address: minter.address,
          abi: minter.abi,
          functionName: "mint",
          args: [recipient],
          value: parseEther(ethAmount),
          chainId,
        });
        setStage("waiting");
        const receipt = await waitForTransactionReceipt(config, { hash, chainId });
        if (receipt.status !== "success") throw new Error(`The mint transaction ${hash} reverted`);
        setStage("recording");
        try {
          return await recordWalletMint({ transactionHash: hash, network: "hardhat", quantumSecurity: true });
        } catch (error) {
          throw new Error(`Minted on chain in ${hash}, but the API could not record it: ${describeError(error)}`, { cause: error });
        }
      } finally {
        setStage("idle");
      }
    },
    onSuccess: async (record) => {
      await prependToMintHistory(queryClient, record);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["readContract"] }),
        queryClient.invalidateQueries({ queryKey: ["balance"] }),
      ]),
  });

  return { ...mutation, stage };
}
