import { useQueryClient } from "@tanstack/react-query";
import { parseEther, type Address, type Hex } from "viem";
import { writeContract } from "wagmi/actions";
import { LOCAL_CHAIN_ID } from "../../../lib/local-chain";
import { useTransactionFlow, type TxPreviewRow, type TxStep } from "../../../components/transaction-flow";
import { ApiRequestError } from "../../../lib/api-client";
import { deployments } from "../../../lib/contracts";
import type { LeveragePosition, LeverageRatio, StrategyId } from "../api/contract";
import { getPreview } from "../api/get-preview";
import { liquidStakingKey, liquidStakingMutationKey } from "../api/keys";
import { recordLeverage } from "../api/record-leverage";

/** The chain the wallet opens positions on: the one with a deploy map (the router and pool ABIs come from it). */
export const LEVERAGE_CHAIN_ID = LOCAL_CHAIN_ID;
const contracts = deployments[LEVERAGE_CHAIN_ID];

/** The API gives shares and ETH as ether-formatted text. minCollateralOut / minEthOut keep this share of the previewed amount: the LST rate may move between preview and block. */
const SLIPPAGE_KEEP_BPS = 9_950n;
const withSlippage = (amount: bigint) => (amount * SLIPPAGE_KEEP_BPS) / 10_000n;

/** The API answers LEDGER_BUSY (503) until its event index holds the block: ask again a few times before failing. */
async function recordWhenIndexed(body: Parameters<typeof recordLeverage>[0]) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await recordLeverage(body);
    } catch (e) {
      if (!(e instanceof ApiRequestError && e.code === "LEDGER_BUSY") || attempt >= 5) throw e;
      await new Promise((r) => setTimeout(r, Math.min(5, e.body?.retryAfterSeconds ?? 1) * 1000));
    }
  }
}

/** `ethText` is the amount as typed (plain decimal), so the wei sent is exactly what the user wrote. */
export type OpenInput = {
  strategy: StrategyId;
  ethAmount: number;
  ethText: string;
  leverageRatio: LeverageRatio;
  account: Address;
  preview: TxPreviewRow[];
};

/**
 * Open: LendingPool.setDelegate(router, true) when the wallet has not done it yet, then
 * LeverageRouter.openPosition(lst, ratio in bps, minCollateralOut) with the ETH; once mined, POST
 * /api/liquid-staking/leverage so the API checks the receipt and answers the indexed position.
 * Close: LeverageRouter.closePosition(lst, minEthOut) through the buffer unwinder.
 */
export function useLeverageWrites() {
  const queryClient = useQueryClient();
  const flow = useTransactionFlow({ mutationKey: liquidStakingMutationKey });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: liquidStakingKey }),
      queryClient.invalidateQueries({ queryKey: ["balance"] }),
    ]);

  /** Reads the wallet's readiness fresh (delegate done?) and starts the flow; its failure is thrown to the caller. */
  const open = async (input: OpenInput, onCreated: (position: LeveragePosition, strategyName: string) => void) => {
    const { wallet, preview } = await getPreview({
      strategy: input.strategy,
      ethAmount: input.ethAmount,
      leverageRatio: input.leverageRatio,
      walletAddress: input.account,
    });
    if (!wallet) throw new Error("The API did not read the wallet's readiness");
    if (!preview.possible) throw new Error(preview.reason ?? "The router refuses this position now");
    const value = parseEther(input.ethText);
    const steps: TxStep[] = [];
    if (!wallet.routerIsDelegate) {
      steps.push({
        id: "delegate",
        label: "Allow the router to borrow for you (LendingPool.setDelegate, once)",
        send: ({ config, chainId }) =>
          writeContract(config, {
            address: wallet.lendingPool as Address,
            abi: contracts.LendingPool.abi,
            functionName: "setDelegate",
            args: [wallet.leverageRouter as Address, true],
            chainId,
          }),
      });
    }
    steps.push({
      id: "open",
      label: `Open ${input.leverageRatio}x on ${input.ethAmount} ETH (LeverageRouter.openPosition)`,
      send: ({ config, chainId }) =>
        writeContract(config, {
          address: wallet.leverageRouter as Address,
          abi: contracts.LeverageRouter.abi,
          functionName: "openPosition",
          args: [wallet.lst as Address, BigInt(wallet.leverageBps), withSlippage(parseEther(preview.collateralShares))],
          value,
          chainId,
        }),
    });
    flow.start({
      title: `Create ${input.leverageRatio}x leverage position`,
      chainId: LEVERAGE_CHAIN_ID,
      contract: "LeverageRouter",
      steps,
      preview: input.preview,
      afterConfirmedLabel: "Recording…",
      afterConfirmed: async (receipt) => {
        void refresh();
        const result = await recordWhenIndexed({
          strategy: input.strategy,
          ethAmount: input.ethAmount,
          leverageRatio: input.leverageRatio,
          walletAddress: input.account,
          transactionHash: receipt.transactionHash as Hex,
        });
        await refresh();
        return result;
      },
      onSuccess: (result) => {
        if (result) onCreated(result.position, result.strategy.name);
      },
    });
  };

  const close = (position: LeveragePosition, preview: TxPreviewRow[], onClosed: () => void) => {
    const c = position.close;
    if (!c) return;
    const minEthOut = c.ethOut !== null ? withSlippage(parseEther(c.ethOut)) : 0n;
    flow.start({
      title: `Close ${position.leverageRatio}x ${position.collateralToken} position`,
      chainId: LEVERAGE_CHAIN_ID,
      contract: "LeverageRouter",
      preview,
      steps: [
        {
          id: "close",
          label: `Close the ${position.collateralToken} position (LeverageRouter.closePosition)`,
          send: ({ config, chainId }) =>
            writeContract(config, {
              address: c.leverageRouter as Address,
              abi: contracts.LeverageRouter.abi,
              functionName: "closePosition",
              args: [c.lst as Address, minEthOut],
              chainId,
            }),
        },
      ],
      afterConfirmed: async () => {
        await refresh();
      },
      onSuccess: () => onClosed(),
    });
  };

  return { flow, open, close };
}
