// Steps 5-7 read by the API itself, never taken from the browser: the faucet's record of a claim sent to the wallet
// (or its ETH balance read now), and the wallet's first mint and first stake found in the event index. The index
// follows every deploy-map contract, so a stake sent straight to a pool contract, outside this app, is found too.
import { getAddress, type Address } from "viem";
import { contractsOn, type ContractName } from "../../ledgers/evm/contracts";
import type { EventIndex, IndexedEvent } from "../../ledgers/evm/event-index";
import { withTimeout } from "../../ledgers/deadline";
import type { OnboardingStep, StepEvidence } from "./onboarding.schemas";

/** A claim the faucet recorded as sent (the faucet feature's export). */
export interface SentClaim {
  asset: string;
  amount: string;
  transactionHash: string | null;
  blockNumber: string | null;
  claimedAt: Date;
}

export interface EvidenceDeps {
  chainId: number;
  index: EventIndex;
  /** The live chain: the balance and the head are read now, never from a simulated twin. */
  node: { balance(address: Address): Promise<bigint>; block(): Promise<{ number: bigint }> };
  sentClaims(wallet: string): Promise<SentClaim[]>;
}

export interface ServerEvidence {
  found: Partial<Record<OnboardingStep, StepEvidence>>;
  chain: { live: boolean; reason: string | null; blockNumber: string | null; indexedBlock: string | null };
}

/** Every chain read here ends within this; a chain that does not answer leaves its steps unproven, not failed. */
const READ_TIMEOUT_MS = 3000;

/** The pool constructor's seed deposit goes to this holder: the deployer's, not a stake. */
const DEAD_SHARES_HOLDER = "0x000000000000000000000000000000000000dEaD";

/** The staking pools of the chain's deploy map: the contracts that share the vibeETH pool's ABI. */
export function stakingPoolsOn(chainId: number): ContractName[] {
  const map = contractsOn(chainId);
  const poolAbi = contractsOn(31337)?.vibeETH?.abi;
  if (!map || !poolAbi) return [];
  return (Object.keys(map) as ContractName[]).filter((name) => map[name]?.abi === poolAbi);
}

const eventEvidence = (e: IndexedEvent, note: string): StepEvidence => ({
  kind: "event",
  contract: e.contract,
  eventName: e.eventName,
  transactionHash: e.transactionHash,
  blockNumber: e.blockNumber.toString(),
  blockTimestamp: e.blockTimestamp,
  chainInstance: e.chainInstance,
  args: e.args,
  note,
});

async function fundedEvidence(deps: EvidenceDeps, wallet: Address): Promise<StepEvidence | null> {
  const claims = await deps.sentClaims(wallet);
  // ETH pays the gas of the mint and the stake, so its claim is the one to show when there are several.
  const claim = claims.find((c) => c.asset === "ETH") ?? claims[0];
  if (claim) {
    return {
      kind: "faucet-claim",
      asset: claim.asset,
      amount: claim.amount,
      transactionHash: claim.transactionHash,
      blockNumber: claim.blockNumber,
      claimedAt: claim.claimedAt.toISOString(),
      note: `The faucet sent ${claim.amount} ${claim.asset} to this wallet (its claim record, confirmed by the chain).`,
    };
  }
  return null;
}

/** Reads steps 5-7 for `wallet` now. A part that cannot be read (chain down, index not ready) proves nothing. */
export async function readServerEvidence(deps: EvidenceDeps, address: string): Promise<ServerEvidence> {
  const wallet = getAddress(address);
  const found: ServerEvidence["found"] = {};
  const chain: ServerEvidence["chain"] = { live: true, reason: null, blockNumber: null, indexedBlock: null };
  const bounded = <T>(what: string, p: Promise<T>) => withTimeout(p, READ_TIMEOUT_MS, what);

  const claim = await fundedEvidence(deps, wallet);
  if (claim) found.funded = claim;
  else {
    try {
      const [head, wei] = await Promise.all([
        bounded("the chain's head", deps.node.block()),
        bounded("the wallet's balance", deps.node.balance(wallet)),
      ]);
      chain.blockNumber = head.number.toString();
      if (wei > 0n)
        found.funded = {
          kind: "balance",
          wei: wei.toString(),
          blockNumber: head.number.toString(),
          note: "No faucet claim is recorded for this wallet; its ETH balance, read from the chain now, is not zero.",
        };
    } catch (err) {
      chain.live = false;
      chain.reason = `The chain did not answer: ${err instanceof Error ? err.message : String(err)}`;
    }
  }

  const head = await deps.index.head();
  if (!head) {
    chain.reason ??= "The event index has not read this chain yet: mints and stakes cannot be checked.";
    return { found, chain };
  }
  chain.indexedBlock = head.lastIndexedBlock.toString();
  const map = contractsOn(deps.chainId);
  const [mint, stakes] = await Promise.all([
    map?.XQBMinter
      ? deps.index.events({
          contract: "XQBMinter",
          eventName: "Minted",
          args: { payer: wallet },
          order: "asc",
          limit: 1,
        })
      : Promise.resolve([]),
    stakingPoolsOn(deps.chainId).length
      ? deps.index.events({
          contract: stakingPoolsOn(deps.chainId),
          eventName: "Deposit",
          args: { sender: wallet },
          order: "asc",
          limit: 5,
        })
      : Promise.resolve([]),
  ]);
  const firstMint = mint[0];
  if (firstMint)
    found.first_mint = eventEvidence(
      firstMint,
      `XQBMinter.mint paid by this wallet: ${firstMint.args.ethIn} wei in, to ${firstMint.args.recipient}.`,
    );
  const firstStake = stakes.find((e) => String(e.args.owner).toLowerCase() !== DEAD_SHARES_HOLDER.toLowerCase());
  if (firstStake)
    found.first_stake = eventEvidence(
      firstStake,
      `A deposit of ${firstStake.args.assets} wei into ${firstStake.contract}, sent by this wallet.`,
    );
  return { found, chain };
}
