import { useQueryClient } from "@tanstack/react-query";
import { parseEther, type Address } from "viem";
import { writeContract } from "wagmi/actions";
import { useTransactionFlow, type TxPreviewRow } from "../../../components/transaction-flow";
import { deployments } from "../../../lib/contracts";
import type { EthMintRecord } from "../api/contract";
import { mintMutationKey, prependToMintHistory } from "../api/get-mint-history";
import { recordWalletMint } from "../api/record-wallet-mint";
import { WALLET_MINT_CHAIN_ID } from "../utils/chain";

export { WALLET_MINT_CHAIN_ID } from "../utils/chain";

/**
 * ETH -> XQB signed by the connected wallet, through the shared transaction flow: XQBMinter.mint(recipient)
 * with the ETH as value; once mined, POST /api/xqbme/wallet-mint so the API reads it back from the chain
 * and records it (a failed record is retried alone, never by minting again). Runs under the minting
 * mutation key, so the page's single busy flag covers it.
 */
export function useWalletMint() {
  const queryClient = useQueryClient();
  const flow = useTransactionFlow({ mutationKey: [...mintMutationKey, "wallet"] });

  const start = ({
    ethAmount,
    recipient,
    preview,
    onRecorded,
  }: {
    ethAmount: string;
    recipient: Address;
    preview: TxPreviewRow[];
    onRecorded: (record: EthMintRecord) => void;
  }) => {
    const minter = deployments[WALLET_MINT_CHAIN_ID].XQBMinter;
    flow.start<EthMintRecord>({
      title: "Mint XQB + XQBUSD",
      chainId: WALLET_MINT_CHAIN_ID,
      contract: "XQBMinter",
      preview,
      confirmLabel: "Confirm in wallet",
      steps: [
        {
          id: "mint",
          label: `Mint with ${ethAmount} ETH`,
          send: ({ config, chainId }) =>
            writeContract(config, {
              address: minter.address,
              abi: minter.abi,
              functionName: "mint",
              args: [recipient],
              value: parseEther(ethAmount),
              chainId,
            }),
        },
      ],
      afterConfirmedLabel: "Recording…",
      afterConfirmed: async (receipt) => {
        // The balances changed with the block, whatever happens to the record.
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: ["readContract"] }),
          queryClient.invalidateQueries({ queryKey: ["balance"] }),
        ]);
        const record = await recordWalletMint({
          transactionHash: receipt.transactionHash,
          network: "hardhat",
          quantumSecurity: true,
        });
        await prependToMintHistory(queryClient, record);
        return record;
      },
      onSuccess: (record) => {
        if (record) onRecorded(record);
      },
    });
  };

  return { flow, start };
}
