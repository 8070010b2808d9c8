import { useQueryClient } from "@tanstack/react-query";
import { parseEther, type Address } from "viem";
import { writeContract } from "wagmi/actions";
import { LOCAL_CHAIN_ID } from "../../../lib/local-chain";
import { useTransactionFlow, type TxPreviewRow } from "../../../components/transaction-flow";
import { deployments } from "../../../lib/contracts";
import type { RealStakingCreateStakeResponse, RealStakingStakesResponse, StakingPoolName } from "../api/contract";
import { createStake } from "../api/create-stake";
import { getStakes, stakesQueryKey } from "../api/get-stakes";
import { realStakingMutationKey, realStakingQueryKey } from "../api/keys";

/** The chain the pools are deployed on for wallet writes: the one with a deploy map. */
export const STAKING_CHAIN_ID = LOCAL_CHAIN_ID;

/** How long a mined withdrawal request or claim is waited for in the event index before the flow ends anyway. */
export const INDEX_WAIT_MS = 15_000;
const INDEX_POLL_MS = 750;

/** The pools share one ABI (LiquidStakingPool); the address comes from the API, which read it from the chain. */
const poolAbi = deployments[STAKING_CHAIN_ID].qETH.abi;

/**
 * The pool writes the wallet signs, each through the shared transaction flow (preview, chain switch,
 * confirm, pending hash, confirmed block, the pool's revert decoded in words, retry). The API signs none.
 */
export function useStakeWrites() {
  const queryClient = useQueryClient();
  const flow = useTransactionFlow({ mutationKey: realStakingMutationKey });
  // A mined block changes balances, shares and the stakes list.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: realStakingQueryKey }),
      queryClient.invalidateQueries({ queryKey: ["balance"] }),
      queryClient.invalidateQueries({ queryKey: ["readContract"] }),
    ]);

  /**
   * The stakes list comes from the event index, which follows the chain a moment behind: after a request or
   * a claim is mined, read the list until it shows that transaction (or the wait ends; the 15 s poll then
   * catches up), so the page never shows the state from before the user's own transaction.
   */
  const awaitIndexed = async (wallet: Address, shows: (r: RealStakingStakesResponse) => boolean) => {
    const until = Date.now() + INDEX_WAIT_MS;
    for (;;) {
      const stakes = await getStakes(wallet);
      if (shows(stakes) || Date.now() >= until) {
        queryClient.setQueryData(stakesQueryKey(wallet), stakes);
        return;
      }
      await new Promise((r) => setTimeout(r, INDEX_POLL_MS));
    }
  };
  const hasTx = (hash: string) => (r: RealStakingStakesResponse) =>
    r.stakes.some((s) =>
      s.withdrawals.some(
        (w) =>
          w.requestTransactionHash.toLowerCase() === hash.toLowerCase() ||
          w.claimTransactionHash?.toLowerCase() === hash.toLowerCase(),
      ),
    );

  /** depositEth(wallet) with the ETH as value; once mined, POST create-stake so the API reads it back. */
  const deposit = (p: {
    token: StakingPoolName;
    pool: Address;
    ethAmount: string;
    wallet: Address;
    preview: TxPreviewRow[];
    onRecorded: (r: RealStakingCreateStakeResponse) => void;
  }) =>
    flow.start<RealStakingCreateStakeResponse>({
      title: `Stake ${p.ethAmount} ETH in ${p.token}`,
      chainId: STAKING_CHAIN_ID,
      contract: p.token,
      preview: p.preview,
      steps: [
        {
          id: "deposit",
          label: `Deposit ${p.ethAmount} ETH (depositEth)`,
          send: ({ config, chainId }) =>
            writeContract(config, {
              address: p.pool,
              abi: poolAbi,
              functionName: "depositEth",
              args: [p.wallet],
              value: parseEther(p.ethAmount),
              chainId,
            }),
        },
      ],
      afterConfirmedLabel: "Recording the stake…",
      afterConfirmed: async (receipt) => {
        void refresh();
        const recorded = await createStake({
          protocol: p.token,
          ethAmount: p.ethAmount,
          walletAddress: p.wallet,
          transactionHash: receipt.transactionHash,
        });
        await refresh();
        return recorded;
      },
      onSuccess: (r) => {
        if (r) p.onRecorded(r);
      },
    });

  /** requestWithdrawal(shares): burns the shares now, the ETH is claimable after the pool's delay. */
  const requestWithdrawal = (p: {
    token: StakingPoolName;
    pool: Address;
    shares: string;
    wallet: Address;
    preview: TxPreviewRow[];
  }) =>
    flow.start({
      title: `Request a withdrawal from ${p.token}`,
      chainId: STAKING_CHAIN_ID,
      contract: p.token,
      preview: p.preview,
      steps: [
        {
          id: "request",
          label: `Request withdrawal of ${p.shares} ${p.token}`,
          send: ({ config, chainId }) =>
            writeContract(config, {
              address: p.pool,
              abi: poolAbi,
              functionName: "requestWithdrawal",
              args: [parseEther(p.shares)],
              chainId,
            }),
        },
      ],
      afterConfirmedLabel: "Waiting for the event index…",
      afterConfirmed: async (receipt) => {
        await awaitIndexed(p.wallet, hasTx(receipt.transactionHash));
        await refresh();
      },
    });

  /** claimEth(requestId): the locked ETH back to the wallet once the delay has passed. */
  const claim = (p: {
    token: StakingPoolName;
    pool: Address;
    requestId: string;
    wallet: Address;
    preview: TxPreviewRow[];
  }) =>
    flow.start({
      title: `Claim withdrawal #${p.requestId} from ${p.token}`,
      chainId: STAKING_CHAIN_ID,
      contract: p.token,
      preview: p.preview,
      steps: [
        {
          id: "claim",
          label: `Claim request #${p.requestId} as ETH`,
          send: ({ config, chainId }) =>
            writeContract(config, {
              address: p.pool,
              abi: poolAbi,
              functionName: "claimEth",
              args: [BigInt(p.requestId)],
              chainId,
            }),
        },
      ],
      afterConfirmedLabel: "Waiting for the event index…",
      afterConfirmed: async (receipt) => {
        await awaitIndexed(p.wallet, hasTx(receipt.transactionHash));
        await refresh();
      },
    });

  return { flow, deposit, requestWithdrawal, claim };
}
