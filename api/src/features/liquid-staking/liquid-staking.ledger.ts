// The leverage feature's reads on the EVM chain (feature-agnostic client, live or simulated): the staking
// pools, the lending pool, LeverageRouter's previewPosition/positionOf, the ETH/USD feed, and a wallet's
// openPosition read back from its receipt. Every figure is the contract's own; nothing here re-derives the
// contracts' math. Reads of one answer are taken at one block so they agree with each other.
import { formatUnits, parseEventLogs, type Address, type Hash } from "viem";
import { abiOf, contractsOn } from "../../ledgers/evm/contracts";
import { ContractRevertedError, type BlockStamp, type EvmChain, type MinedReceipt } from "../../ledgers/evm";
import { fieldError } from "../../http/errors";
import type { LiquidStakingPool } from "./liquid-staking.schemas";

export const BPS = 10_000n;
export const WAD = 10n ** 18n;

export interface PoolState {
  pool: LiquidStakingPool;
  address: Address;
  name: string;
  symbol: string;
  paused: boolean;
  /** WETH per 1e18 shares. */
  exchangeRate: bigint;
  totalSupply: bigint;
  totalAssets: bigint;
  minDeposit: bigint;
  withdrawalDelay: bigint;
}

export interface CollateralState {
  listed: boolean;
  enabled: boolean;
  ltvBps: bigint;
  liquidationThresholdBps: bigint;
  supplyCap: bigint;
  /** Shares the lending pool holds as collateral, all users. */
  totalCollateral: bigint;
  /** min(1 / (1 - LTV), 5x) in bps; 0 when the pool does not take the token. */
  maxLeverageBps: bigint;
}

export interface MarketState {
  /** WETH the lending pool can lend now. */
  cash: bigint;
  totalDebt: bigint;
  /** WAD */
  utilization: bigint;
  /** per year, WAD */
  borrowRate: bigint;
  poolPaused: boolean;
  routerPaused: boolean;
}

export interface EthUsdPrice {
  /** USD per ETH. */
  price: number;
  feed: string;
  updatedAt: number | null;
}

/** LeverageRouter.Preview as viem decodes it. */
export interface RouterPreview {
  collateralShares: bigint;
  collateralValue: bigint;
  debt: bigint;
  healthFactor: bigint;
  liquidationPrice: bigint;
  exchangeRate: bigint;
  effectiveLeverageBps: bigint;
  maxLeverageBps: bigint;
  borrowRateNow: bigint;
  borrowRateAfter: bigint;
  poolLiquidity: bigint;
}

export async function readPool(evm: EvmChain, pool: LiquidStakingPool, at: bigint): Promise<PoolState> {
  const r = <
    F extends
      "name" | "symbol" | "paused" | "exchangeRate" | "totalSupply" | "totalAssets" | "minDeposit" | "withdrawalDelay",
  >(
    f: F,
  ) => evm.read({ contract: pool, functionName: f, blockNumber: at });
  const [name, symbol, paused, exchangeRate, totalSupply, totalAssets, minDeposit, withdrawalDelay] = await Promise.all(
    [
      r("name"),
      r("symbol"),
      r("paused"),
      r("exchangeRate"),
      r("totalSupply"),
      r("totalAssets"),
      r("minDeposit"),
      r("withdrawalDelay"),
    ],
  );
  return {
    pool,
    address: evm.address(pool),
    name: name as string,
    symbol: symbol as string,
    paused: paused as boolean,
    exchangeRate: exchangeRate as bigint,
    totalSupply: totalSupply as bigint,
    totalAssets: totalAssets as bigint,
    minDeposit: minDeposit as bigint,
    withdrawalDelay: withdrawalDelay as bigint,
  };
}

export async function readCollateral(evm: EvmChain, pool: LiquidStakingPool, at: bigint): Promise<CollateralState> {
  const lst = evm.address(pool);
  const [cfg, totalCollateral] = await Promise.all([
    evm.read({ contract: "LendingPool", functionName: "collateralConfig", args: [lst], blockNumber: at }),
    evm.read({ contract: "LendingPool", functionName: "totalCollateral", args: [lst], blockNumber: at }),
  ]);
  const maxLeverageBps =
    cfg.listed && cfg.enabled
      ? await evm.read({ contract: "LeverageRouter", functionName: "maxLeverageBps", args: [lst], blockNumber: at })
      : 0n;
  return {
    listed: cfg.listed,
    enabled: cfg.enabled,
    ltvBps: BigInt(cfg.ltvBps),
    liquidationThresholdBps: BigInt(cfg.liquidationThresholdBps),
    supplyCap: cfg.supplyCap,
    totalCollateral,
    maxLeverageBps,
  };
}

export async function readMarket(evm: EvmChain, at: bigint): Promise<MarketState> {
  const [cash, totalDebt, utilization, borrowRate, poolPaused, routerPaused] = await Promise.all([
    evm.read({ contract: "LendingPool", functionName: "cash", blockNumber: at }),
    evm.read({ contract: "LendingPool", functionName: "totalDebt", blockNumber: at }),
    evm.read({ contract: "LendingPool", functionName: "utilization", blockNumber: at }),
    evm.read({ contract: "LendingPool", functionName: "borrowRate", blockNumber: at }),
    evm.read({ contract: "LendingPool", functionName: "paused", blockNumber: at }),
    evm.read({ contract: "LeverageRouter", functionName: "paused", blockNumber: at }),
  ]);
  return { cash, totalDebt, utilization, borrowRate, poolPaused, routerPaused };
}

/**
 * ETH/USD: the deploy map's MockV3Aggregator where the suite deployed one (the local chain); elsewhere the
 * price TreasuryVault reads from its feed (Sepolia's Chainlink ETH/USD, the map's external EthUsdFeed),
 * which also refuses a stale or non-positive answer.
 */
export async function readEthUsd(evm: EvmChain, at: bigint): Promise<EthUsdPrice> {
  if (contractsOn(evm.chainId)?.MockV3Aggregator) {
    const [decimals, round] = await Promise.all([
      evm.read({ contract: "MockV3Aggregator", functionName: "decimals", blockNumber: at }),
      evm.read({ contract: "MockV3Aggregator", functionName: "latestRoundData", blockNumber: at }),
    ]);
    const [, answer, , updatedAt] = round;
    return {
      price: Number(formatUnits(answer, decimals)),
      feed: `MockV3Aggregator ${evm.address("MockV3Aggregator")}`,
      updatedAt: Number(updatedAt),
    };
  }
  const [price, scale, feed] = await Promise.all([
    evm.read({ contract: "TreasuryVault", functionName: "ethUsdPrice", blockNumber: at }),
    evm.read({ contract: "TreasuryVault", functionName: "priceScale", blockNumber: at }),
    evm.read({ contract: "TreasuryVault", functionName: "priceFeed", blockNumber: at }),
  ]);
  return {
    price: Number(price) / Number(scale),
    feed: `EthUsdFeed ${feed} (through TreasuryVault.ethUsdPrice)`,
    updatedAt: null,
  };
}

/** The router's custom errors that are the client's choice of amount or ratio, as field errors. */
export function previewFieldError(err: unknown): unknown {
  if (!(err instanceof ContractRevertedError)) return err;
  const x = (bps: unknown) => `${Number(bps as bigint) / 10_000}x`;
  switch (err.errorName) {
    case "ZeroAmount":
      return fieldError("ethAmount", "must be greater than 0 ETH (LeverageRouter refuses 0: ZeroAmount)");
    case "LeverageOutOfRange":
      return fieldError(
        "leverageRatio",
        `must be between ${x(err.args.minBps)} and ${x(err.args.maxBps)} (LeverageRouter: LeverageOutOfRange)`,
      );
    case "LeverageAboveLtvLimit":
      return fieldError(
        "leverageRatio",
        `must be at most ${x(err.args.maxLeverageBps)}: the lending pool's LTV allows no more for this token (LeverageAboveLtvLimit)`,
      );
    case "LeverageUnreachable":
      return fieldError(
        "leverageRatio",
        `${x(err.args.leverageBps)} cannot be reached with this amount: the token's rounding leaves the collateral short of the LTV limit (LeverageUnreachable)`,
      );
    case "CollateralNotEnabled":
      return fieldError(
        "strategy",
        "the lending pool does not take this token as collateral now (CollateralNotEnabled)",
      );
    default:
      return err;
  }
}

/** LeverageRouter.previewPosition at block `at`; the router's input errors become 400s on their field. */
export async function previewPosition(
  evm: EvmChain,
  pool: LiquidStakingPool,
  ethWei: bigint,
  leverageBps: bigint,
  at: bigint,
): Promise<RouterPreview> {
  try {
    return (await evm.read({
      contract: "LeverageRouter",
      functionName: "previewPosition",
      args: [evm.address(pool), ethWei, leverageBps],
      blockNumber: at,
    })) as RouterPreview;
  } catch (err) {
    throw previewFieldError(err);
  }
}

export interface RouterPosition {
  collateralShares: bigint;
  collateralValue: bigint;
  debt: bigint;
  healthFactor: bigint;
  liquidationPrice: bigint;
}

export async function readPosition(
  evm: EvmChain,
  user: Address,
  pool: LiquidStakingPool,
  at: bigint,
): Promise<RouterPosition> {
  const [collateralShares, collateralValue, debt, healthFactor, liquidationPrice] = await evm.read({
    contract: "LeverageRouter",
    functionName: "positionOf",
    args: [user, evm.address(pool)],
    blockNumber: at,
  });
  return { collateralShares, collateralValue, debt, healthFactor, liquidationPrice };
}

export interface OpenedEvent {
  user: Address;
  lst: Address;
  ethIn: bigint;
  debt: bigint;
  collateralShares: bigint;
  leverageBps: bigint;
  healthFactor: bigint;
  logIndex: number;
}

/**
 * The PositionOpened events LeverageRouter emitted in a mined transaction (only the router's, by address).
 * Refused with a 400 on `transactionHash` when the chain has no such successful transaction.
 */
export async function readOpenedEvents(
  evm: EvmChain,
  hash: Hash,
): Promise<{ receipt: MinedReceipt; events: OpenedEvent[] }> {
  const receipt = await evm.receipt(hash);
  if (!receipt)
    throw fieldError("transactionHash", `transaction ${hash} not found (or not mined yet) on ${evm.network}`);
  if (receipt.status !== "success") throw fieldError("transactionHash", `transaction ${hash} reverted`);
  const router = evm.address("LeverageRouter").toLowerCase();
  const events = parseEventLogs({ abi: abiOf("LeverageRouter"), eventName: "PositionOpened", logs: receipt.logs })
    .filter((log) => log.address.toLowerCase() === router)
    .map((log) => ({ ...log.args, logIndex: log.logIndex }));
  return { receipt, events };
}

export interface WalletReadiness {
  balance: bigint;
  /** pool.isDelegate(wallet, router): openPosition needs pool.setDelegate(router, true) first when false. */
  routerIsDelegate: boolean;
  /** eth_estimateGas of openPosition from the wallet; null when it cannot run yet (see dryRunError). */
  gas: bigint | null;
  dryRunError: string | null;
}

/** What the wallet's own openPosition would meet now: its balance, the delegate step, gas or the revert. */
export async function walletReadiness(
  evm: EvmChain,
  wallet: Address,
  pool: LiquidStakingPool,
  ethWei: bigint,
  leverageBps: bigint,
): Promise<WalletReadiness> {
  const router = evm.address("LeverageRouter");
  const [balance, routerIsDelegate] = await Promise.all([
    evm.balance(wallet),
    evm.read({ contract: "LendingPool", functionName: "isDelegate", args: [wallet, router] }),
  ]);
  if (!routerIsDelegate)
    return {
      balance,
      routerIsDelegate,
      gas: null,
      dryRunError:
        "the wallet has not made LeverageRouter its delegate yet: LendingPool.setDelegate(router, true) first",
    };
  if (balance < ethWei)
    return {
      balance,
      routerIsDelegate,
      gas: null,
      dryRunError: `the wallet holds ${formatUnits(balance, 18)} ETH, less than the amount`,
    };
  try {
    const { gas } = await evm.dryRun(
      {
        contract: "LeverageRouter",
        functionName: "openPosition",
        args: [evm.address(pool), leverageBps, 0n],
        value: ethWei,
      },
      wallet,
    );
    return { balance, routerIsDelegate, gas, dryRunError: null };
  } catch (err) {
    if (err instanceof ContractRevertedError) return { balance, routerIsDelegate, gas: null, dryRunError: err.message };
    throw err;
  }
}

export interface CloseQuote {
  /** ETH closePosition(lst, 0) would return to the user now (its return value in a dry run as the user). */
  ethOut: bigint | null;
  gas: bigint | null;
  /** The revert that would stop it now (e.g. the unwinder's InsufficientBufferLiquidity); null when it runs. */
  error: string | null;
}

/** closePosition as the user would send it now, run with eth_call and eth_estimateGas; nothing is signed. */
export async function closeQuote(evm: EvmChain, user: Address, pool: LiquidStakingPool): Promise<CloseQuote> {
  try {
    const { result, gas } = await evm.dryRun(
      { contract: "LeverageRouter", functionName: "closePosition", args: [evm.address(pool), 0n] },
      user,
    );
    return { ethOut: result as bigint, gas, error: null };
  } catch (err) {
    if (err instanceof ContractRevertedError) return { ethOut: null, gas: null, error: err.message };
    throw err;
  }
}

/** The latest block, the one every read of an answer is taken at. */
export const latestBlock = (evm: EvmChain): Promise<BlockStamp> => evm.block();
