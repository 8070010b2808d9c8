// The HTTP contract of the real-staking feature (the Real ETH Staking Test page): request shapes, the
// validation the page runs as the user types (the spec's messages, verbatim), and the responses. The API
// validates with these and answers in their shapes; the dapp's forms check with the same rules and its
// fetch hooks are typed by them, so the two cannot drift.
//
// Amounts: every ETH amount (and share amount) travels as exact decimal text made from wei
// (`formatEther`), never as a floating-point number: minAmount, userBalance, ethAmount, shares,
// sharesHeld, currentValue, rewardsEarned, assets, totalStaked, exchangeRate, estimatedRewards,
// estimatedDailyRewards, gasCostEth. Percentages (currentAPY, PoolYield.apy) and counts are numbers.
import { formatEther, parseEther } from "viem";
import { z } from "zod";
import { STAKE_MESSAGES, STAKING_POOLS } from "./real-staking.constants";

export * from "./real-staking.constants";

export const stakingPoolName = z.enum(STAKING_POOLS, { error: `must be one of ${STAKING_POOLS.join(", ")}` });

const ethAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const txHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex hash");

const MAX_AMOUNT_CHARS = 60;
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * An ETH amount as the user types it (text): present, a plain decimal number, not negative, at most 18
 * decimals (wei), above 0. Exponents, signs other than a leading "-", spaces and hex are refused.
 */
export const stakeEthAmountText = z
  .string({
    error: (iss) =>
      iss.input === undefined
        ? STAKE_MESSAGES.missingInformation.description
        : 'must be a decimal number of ETH as text, e.g. "0.01"',
  })
  .trim()
  .min(1, { error: STAKE_MESSAGES.missingInformation.description, abort: true })
  .max(MAX_AMOUNT_CHARS, { error: `must be at most ${MAX_AMOUNT_CHARS} characters`, abort: true })
  .refine((s) => !s.startsWith("-"), { error: "must not be negative", abort: true })
  .refine((s) => DECIMAL.test(s), { error: "must be a decimal number of ETH, e.g. 0.01", abort: true })
  .refine((s) => (s.split(".")[1] ?? "").length <= 18, {
    error: "must have at most 18 decimal places (wei precision)",
    abort: true,
  })
  .refine((s) => parseEther(normalise(s)) > 0n, { error: "must be greater than 0 ETH", abort: true })
  .transform(normalise);

/** "0.0100" -> "0.01", ".5" -> "0.5", "1." -> "1": the amount as formatEther prints it. */
function normalise(s: string): string {
  return formatEther(parseEther(s.startsWith(".") ? `0${s}` : s.endsWith(".") ? s.slice(0, -1) : s));
}

/**
 * The form's amount check for one protocol: `stakeEthAmountText`, then at least the pool's minimum deposit
 * (read from the chain: StakingProtocol.minAmount), with the spec's "Amount Too Low" text as the message.
 * `protocol` is the name the page shows (StakingProtocol.name).
 */
export function stakeAmountSchema(protocol: string, minEth: string) {
  const min = parseEther(minEth);
  return stakeEthAmountText.refine((s) => parseEther(s) >= min, {
    error: STAKE_MESSAGES.amountTooLow(protocol, formatEther(min)).description,
  });
}

/**
 * Expected daily rewards = amount x APY / 100 / 365 (spec section 5), as text with exactly 6 decimals
 * (rounded half up). The APY is taken to 1e-8 of a percent; the product is computed in wei.
 */
export function expectedDailyRewards(amountEth: string, apyPercent: number): string {
  if (!Number.isFinite(apyPercent) || apyPercent <= 0) return "0.000000";
  const apyScaled = BigInt(Math.round(apyPercent * 1e8)); // percent x 1e8
  const dailyWei = (parseEther(amountEth) * apyScaled) / (100n * 365n * 100_000_000n);
  // 6 decimals of ETH = 1e12 wei; half up.
  const micro = (dailyWei + 500_000_000_000n) / 1_000_000_000_000n;
  const whole = micro / 1_000_000n;
  return `${whole}.${(micro % 1_000_000n).toString().padStart(6, "0")}`;
}

// ---- requests ---------------------------------------------------------------------------------------

/** The page's first fetch: `?wallet=0x…` adds the wallet's balance. */
export const realStakingProtocolsQuery = z.strictObject({ wallet: ethAddress.optional() });

export const realStakingPreviewQuery = z.strictObject({
  protocol: stakingPoolName,
  ethAmount: stakeEthAmountText,
  /** With a wallet, the deposit is also dry-run from it (eth_call and gas estimate, nothing sent). */
  wallet: ethAddress.optional(),
});

export const realStakingPracticeQuery = z.strictObject({
  /** Default: the smallest_test recommendation. */
  protocol: stakingPoolName.optional(),
  /** Default: the recommended 0.01 ETH, or the pool's minimum when that is higher. */
  ethAmount: stakeEthAmountText.optional(),
  /** Who the dry run is from; the API's own account when absent (said in the answer). */
  wallet: ethAddress.optional(),
});

export const realStakingStakesParams = z.strictObject({ walletAddress: ethAddress });

/** A deposit the wallet signed and sent (`depositEth`); the API reads it back from the chain. */
export const realStakingCreateStakeRequest = z.strictObject({
  protocol: stakingPoolName,
  ethAmount: stakeEthAmountText,
  walletAddress: ethAddress,
  transactionHash: txHash,
});
export type RealStakingCreateStakeRequest = z.infer<typeof realStakingCreateStakeRequest>;

// ---- responses --------------------------------------------------------------------------------------

const ethText = z.string().regex(/^-?\d+(\.\d+)?$/);
const source = z.enum(["live", "simulated"]);
/** Where a ledger result comes from, and why it is simulated (null when live). */
const provenance = { source, reason: z.string().nullable() };
export const stakingApySource = z.enum(["exchange-rate", "reward-stream"]);

/**
 * What the liquid-staking feature reads through this feature's exports: each pool's yield now.
 * `apy` in percent; `windowSeconds` is the trailing window of the exchange-rate sample, null when the
 * rate comes from the reward stream; `asOfBlock` as decimal text.
 */
export interface PoolYield {
  pool: "vibeETH" | "qETH" | "xqbETH";
  apy: number /* percent */;
  source: "exchange-rate" | "reward-stream";
  windowSeconds: number | null;
  asOfBlock: string;
}
export const poolYield = z.object({
  pool: stakingPoolName,
  apy: z.number(),
  source: stakingApySource,
  windowSeconds: z.number().int().nullable(),
  asOfBlock: z.string(),
});

export const stakingRiskLevel = z.enum(["low", "medium", "high"]);

export const stakingProtocol = z.object({
  /** The share token's ERC-20 name, read from the pool (e.g. "Quantum Staked ETH"). */
  name: z.string(),
  /** The share token's symbol; also the pool's key in requests. */
  token: stakingPoolName,
  /** "active" unless the pool is paused on chain. */
  status: z.enum(["active", "paused"]),
  paused: z.boolean(),
  riskLevel: stakingRiskLevel,
  /** The rule's inputs and outcome in words. */
  riskReason: z.string(),
  /** Percent a year. */
  currentAPY: z.number(),
  apySource: stakingApySource,
  /** The trailing window the exchange-rate APY spans; null when the APY is the reward stream's. */
  apyWindowSeconds: z.number().int().nullable(),
  /** The pool's minDeposit, ETH text. */
  minAmount: ethText,
  contractAddress: z.string(),
  features: z.array(z.string()),
  withdrawalDelaySeconds: z.number().int(),
  /** ETH owned by share holders (totalAssets), text. */
  totalStaked: ethText,
  /** ETH one whole share is worth now (exchangeRate / 1e18), text. */
  exchangeRate: ethText,
  /** Distinct addresses holding shares (the dead-shares address excluded), from the event index. */
  holders: z.number().int().nullable(),
  /** Unix seconds when the funded reward stream runs out at its current rate; null when it is stopped. */
  rewardsEndTime: z.number().int().nullable(),
});
export type StakingProtocol = z.infer<typeof stakingProtocol>;

export const stakingRecommendation = z.object({
  token: stakingPoolName,
  name: z.string(),
  /** One line for the page, from the figures it was chosen by. */
  text: z.string(),
});
export type StakingRecommendation = z.infer<typeof stakingRecommendation>;

/** Among active pools; null when none qualifies (all paused; holders unknown). */
export const stakingRecommendations = z.object({
  smallest_test: stakingRecommendation.nullable(),
  most_decentralized: stakingRecommendation.nullable(),
  highest_yield: stakingRecommendation.nullable(),
});

export const realStakingProtocolsResponse = z.object({
  protocols: z.array(stakingProtocol),
  /** The wallet's ETH balance (text) when `?wallet=` was given; null without. */
  userBalance: ethText.nullable(),
  recommendations: stakingRecommendations,
  /** How riskLevel is decided, in words. */
  riskRule: z.string(),
  /** How currentAPY is decided, in words. */
  apyRule: z.string(),
  network: z.string(),
  asOfBlock: z.string(),
  ...provenance,
});
export type RealStakingProtocolsResponse = z.infer<typeof realStakingProtocolsResponse>;

/** A deposit as `from` would send it, run with eth_call and eth_estimateGas: nothing is signed or sent. */
export const depositDryRun = z.object({
  /** The call, in words: "qETH.depositEth(0x…) with 0.01 ETH". */
  call: z.string(),
  from: z.string(),
  /** true: `from` is the wallet asked about; false: the API's own account stood in (no wallet given). */
  fromWallet: z.boolean(),
  ok: z.boolean(),
  /** Shares the call returned; null when it failed. */
  sharesOut: ethText.nullable(),
  /** eth_estimateGas, decimal text; null when it failed. */
  gas: z.string().nullable(),
  /** Gas x price; null: the chain client reads no gas price. */
  gasCostEth: ethText.nullable(),
  /** Why it failed (the decoded revert, insufficient funds); null when ok. */
  failure: z.string().nullable(),
});
export type DepositDryRun = z.infer<typeof depositDryRun>;

export const realStakingPreviewResponse = z.object({
  protocol: z.object({ name: z.string(), token: stakingPoolName, contractAddress: z.string() }),
  ethAmount: ethText,
  /** previewDeposit(amount) at asOfBlock: the shares a deposit would mint now. */
  shares: ethText,
  /** amount x APY / 100 / 365, 6 decimals. */
  estimatedDailyRewards: ethText,
  currentAPY: z.number(),
  apySource: stakingApySource,
  dryRun: depositDryRun.nullable(),
  asOfBlock: z.string(),
  ...provenance,
});
export type RealStakingPreviewResponse = z.infer<typeof realStakingPreviewResponse>;

export const realStakingPracticeResponse = z.object({
  practiceInfo: z.object({ purpose: z.string(), benefits: z.array(z.string()) }),
  recommendations: stakingRecommendations,
  dryRun: depositDryRun.extend({ protocol: stakingPoolName, ethAmount: ethText }),
  asOfBlock: z.string(),
  ...provenance,
});
export type RealStakingPracticeResponse = z.infer<typeof realStakingPracticeResponse>;

export const stakeWithdrawal = z.object({
  requestId: z.string(),
  /** Shares burned by the request. */
  shares: ethText,
  /** ETH locked for the claim at the request's rate. */
  assets: ethText,
  /** Chain time (ISO), which evm_increaseTime moves on the local node. */
  requestedAt: z.string(),
  claimableAt: z.string(),
  /** Seconds of chain time until claimable (0 when claimable or claimed): the page's countdown. */
  secondsUntilClaimable: z.number().int(),
  claimable: z.boolean(),
  claimed: z.boolean(),
  requestTransactionHash: z.string(),
  claimTransactionHash: z.string().nullable(),
});
export type StakeWithdrawal = z.infer<typeof stakeWithdrawal>;

export const realStake = z.object({
  /** "<token>:<transaction hash>:<log index>": the same deposit always has the same id. */
  id: z.string(),
  /** The pool's name (StakingProtocol.name). */
  protocol: z.string(),
  token: stakingPoolName,
  contractAddress: z.string(),
  /** ETH deposited. */
  ethAmount: ethText,
  /** confirmed: mined, shares held; withdrawing: every share requested, a claim pending; withdrawn: nothing left. */
  status: z.enum(["confirmed", "withdrawing", "withdrawn"]),
  /** The deposit's block time (ISO). */
  timestamp: z.string(),
  blockNumber: z.string(),
  /** Daily, at the current APY on the value still held; 6 decimals. */
  estimatedRewards: ethText,
  transactionHash: z.string(),
  /** Shares the deposit minted. */
  shares: ethText,
  /** Of those, still held (first in, first out: withdrawals and transfers out use the oldest deposit first). */
  sharesHeld: ethText,
  /** convertToAssets(sharesHeld) now. */
  currentValue: ethText,
  /** currentValue + ETH locked by this deposit's withdrawals - what those shares cost; negative after a loss. */
  rewardsEarned: ethText,
  /** Requests that started on this deposit's shares. */
  withdrawals: z.array(stakeWithdrawal),
});
export type RealStake = z.infer<typeof realStake>;

export const realStakingStakesResponse = z.object({
  wallet: z.string(),
  stakes: z.array(realStake),
  /** Chain time at asOfBlock (unix seconds): countdowns count from it. */
  chainTime: z.number().int(),
  asOfBlock: z.string(),
  ...provenance,
});
export type RealStakingStakesResponse = z.infer<typeof realStakingStakesResponse>;

export const realStakingCreateStakeResponse = z.object({
  protocol: z.object({ name: z.string(), token: stakingPoolName, contractAddress: z.string() }),
  stake: realStake,
  /**
   * true: answered from the event index (the stakes list shows the same). false: the index had not reached
   * the deposit's block within the wait (a public chain's confirmations); the stake is read from its receipt
   * and the list shows it once indexed.
   */
  indexed: z.boolean(),
  ...provenance,
});
export type RealStakingCreateStakeResponse = z.infer<typeof realStakingCreateStakeResponse>;
