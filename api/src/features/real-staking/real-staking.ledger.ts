// The real-staking feature's operations on the EVM chain client: the three LiquidStakingPool deployments
// read at one block, a deposit dry-run from a wallet (eth_call + gas estimate, nothing signed), and a
// wallet's depositEth read back from its receipt. Every figure comes from the contracts; none is a copy.
import { formatEther, getAddress, parseEventLogs, type Address, type Hash } from "viem";
import { HttpError, fieldError } from "../../http/errors";
import { ContractRevertedError, type EvmChain, type MinedReceipt } from "../../ledgers/evm";
import { abiOf, contractsOn } from "../../ledgers/evm/contracts";
import { LedgerRejectedError } from "../../ledgers/types";
import type { StakingPoolName } from "./real-staking.schemas";

/** One pool as the chain says it is at `block`. */
export interface PoolState {
  pool: StakingPoolName;
  address: Address;
  name: string;
  symbol: string;
  paused: boolean;
  minDeposit: bigint;
  withdrawalDelay: bigint;
  totalAssets: bigint;
  totalSupply: bigint;
  /** Wei of ETH per 1e18 shares. */
  exchangeRate: bigint;
  rewardRate: bigint;
  rewardsRemaining: bigint;
  /** 0 when the rate is 0. */
  rewardsEndTime: bigint;
}

export async function readPool(evm: EvmChain, pool: StakingPoolName, blockNumber: bigint): Promise<PoolState> {
  const at = { contract: pool, blockNumber } as const;
  const [
    name,
    symbol,
    paused,
    minDeposit,
    withdrawalDelay,
    totalAssets,
    totalSupply,
    exchangeRate,
    rewardRate,
    rewardsRemaining,
    rewardsEndTime,
  ] = await Promise.all([
    evm.read({ ...at, functionName: "name" }),
    evm.read({ ...at, functionName: "symbol" }),
    evm.read({ ...at, functionName: "paused" }),
    evm.read({ ...at, functionName: "minDeposit" }),
    evm.read({ ...at, functionName: "withdrawalDelay" }),
    evm.read({ ...at, functionName: "totalAssets" }),
    evm.read({ ...at, functionName: "totalSupply" }),
    evm.read({ ...at, functionName: "exchangeRate" }),
    evm.read({ ...at, functionName: "rewardRate" }),
    evm.read({ ...at, functionName: "rewardsRemaining" }),
    evm.read({ ...at, functionName: "rewardsEndTime" }),
  ]);
  return {
    pool,
    address: evm.address(pool),
    name,
    symbol,
    paused,
    minDeposit,
    withdrawalDelay,
    totalAssets,
    totalSupply,
    exchangeRate,
    rewardRate: BigInt(rewardRate),
    rewardsRemaining,
    rewardsEndTime,
  };
}

/** The pool's exchange rate (wei per 1e18 shares) at a past block; the node must still hold that state. */
export function exchangeRateAt(evm: EvmChain, pool: StakingPoolName, blockNumber: bigint): Promise<bigint> {
  return evm.read({ contract: pool, functionName: "exchangeRate", blockNumber });
}

/** Shares a deposit of `wei` would mint at `block` (ERC-4626 previewDeposit: exact, rounding down). */
export function previewDeposit(
  evm: EvmChain,
  pool: StakingPoolName,
  wei: bigint,
  blockNumber: bigint,
): Promise<bigint> {
  return evm.read({ contract: pool, functionName: "previewDeposit", args: [wei], blockNumber });
}

/** ETH the given shares are worth at `block` (convertToAssets). */
export function convertToAssets(
  evm: EvmChain,
  pool: StakingPoolName,
  shares: bigint,
  blockNumber: bigint,
): Promise<bigint> {
  return evm.read({ contract: pool, functionName: "convertToAssets", args: [shares], blockNumber });
}

/** The block the pool was deployed in, from the chain's deploy map (null: not deployed on this chain). */
export function poolDeployBlock(chainId: number, pool: StakingPoolName): bigint | null {
  const entry = contractsOn(chainId)?.[pool];
  return entry ? BigInt(entry.deployedOnBlock) : null;
}

export interface DepositDryRun {
  ok: boolean;
  sharesOut: bigint | null;
  gas: bigint | null;
  failure: string | null;
}

/** The pool's custom errors, as a person would say them. */
function revertInWords(err: ContractRevertedError, pool: StakingPoolName): string {
  const eth = (v: unknown) => `${formatEther(BigInt(v as bigint))} ETH`;
  switch (err.errorName) {
    case "BelowMinimumDeposit":
      return `below ${pool}'s minimum deposit of ${eth(err.args.minimum)} (BelowMinimumDeposit)`;
    case "EnforcedPause":
      return `${pool} is paused: deposits are stopped (EnforcedPause)`;
    case "ZeroShares":
      return `the amount would mint 0 shares (ZeroShares)`;
    case "ZeroAddress":
      return "the receiver is the zero address (ZeroAddress)";
    default:
      return err.message;
  }
}

/**
 * `depositEth(from)` with `wei`, as `from` would send it: eth_call for the shares and eth_estimateGas.
 * A revert or a refusal (insufficient funds) is the answer, not an error; an unreachable node still is.
 */
export async function dryRunDeposit(
  evm: EvmChain,
  pool: StakingPoolName,
  wei: bigint,
  from: Address,
): Promise<DepositDryRun> {
  try {
    const r = await evm.dryRun({ contract: pool, functionName: "depositEth", args: [from], value: wei }, from);
    return { ok: true, sharesOut: r.result as bigint, gas: r.gas, failure: null };
  } catch (err) {
    if (err instanceof ContractRevertedError)
      return { ok: false, sharesOut: null, gas: null, failure: revertInWords(err, pool) };
    if (err instanceof LedgerRejectedError) return { ok: false, sharesOut: null, gas: null, failure: err.message };
    throw err;
  }
}

/** A wallet's depositEth as its receipt and the pool's Deposit event say it happened. */
export interface WalletDeposit {
  pool: StakingPoolName;
  receipt: MinedReceipt;
  logIndex: number;
  sender: Address;
  owner: Address;
  assets: bigint;
  shares: bigint;
}

/**
 * Reads `hash` back from the live chain and checks it is a deposit into `pool` whose Deposit event names
 * `wallet` as owner and `wei` as assets. Refusals name the field: the hash (not mined / not on this chain:
 * 404; reverted, another contract, not this wallet's deposit: 400) or the amount (400).
 */
export async function readWalletDeposit(
  evm: EvmChain,
  pool: StakingPoolName,
  hash: Hash,
  wallet: Address,
  wei: bigint,
): Promise<WalletDeposit> {
  const receipt = await evm.receipt(hash);
  if (!receipt) {
    const message = `${hash} is not mined yet or not on this chain (${evm.network}, chain id ${evm.chainId})`;
    throw new HttpError("NOT_FOUND", `transactionHash: ${message}`, { issues: [{ path: "transactionHash", message }] });
  }
  const address = evm.address(pool);
  const notOurs = (why: string) => fieldError("transactionHash", `not a ${pool} deposit by ${wallet}: ${why}`);
  if (receipt.status !== "success") throw notOurs("the transaction reverted");
  if (!receipt.to || receipt.to.toLowerCase() !== address.toLowerCase()) {
    throw notOurs(
      `it was sent to ${receipt.to ?? "no address (a contract creation)"}, not the ${pool} pool ${address}`,
    );
  }
  const deposits = parseEventLogs({ abi: abiOf(pool), eventName: "Deposit", logs: receipt.logs }).filter(
    (log) => log.address.toLowerCase() === address.toLowerCase(),
  );
  const mine = deposits.find((log) => log.args.owner.toLowerCase() === wallet.toLowerCase());
  if (!mine) {
    const owners = deposits.map((d) => d.args.owner).join(", ");
    throw notOurs(owners ? `its Deposit event's owner is ${owners}` : `it emitted no Deposit event`);
  }
  if (mine.args.assets !== wei) {
    throw fieldError(
      "ethAmount",
      `the deposit in ${hash} was ${formatEther(mine.args.assets)} ETH, not ${formatEther(wei)} ETH`,
    );
  }
  return {
    pool,
    receipt,
    logIndex: mine.logIndex,
    sender: getAddress(mine.args.sender),
    owner: getAddress(mine.args.owner),
    assets: mine.args.assets,
    shares: mine.args.shares,
  };
}
