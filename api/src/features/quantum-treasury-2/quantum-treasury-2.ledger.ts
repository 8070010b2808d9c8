// What the treasury pages read from the chain and the calls its operations make: the vault, XQB, XQBUSD,
// the USDC and the ETH/USD feed the vault names (read from the vault, so Sepolia's external USDC and
// Chainlink feed work the same as the local mocks), and the Safe's own position. Reads are pinned to one
// block so the figures of an answer agree with each other.
import { decodeFunctionResult, encodeFunctionData, maxUint256, parseAbi, type Abi, type Address, type Hex } from "viem";
import type { EvmChain } from "../../ledgers/evm";
import { abiOf } from "../../ledgers/evm/contracts";
import { ContractRevertedError } from "../../ledgers/evm/errors";
import { LedgerRejectedError } from "../../ledgers/types";

const erc20Abi = parseAbi([
  "function balanceOf(address) view returns (uint256)",
  "function decimals() view returns (uint8)",
]);
const feedAbi = parseAbi([
  "function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)",
  "function decimals() view returns (uint8)",
]);

/** USDC has 6 decimals on every chain we run on (checked at read: the vault's usdcToUsd says so too). */
export const USDC_DECIMALS = 6;

export interface SafePositionReading {
  usdcCollateral: bigint;
  ethCollateral: bigint;
  /** 18-decimal USD. */
  collateralValueUsd: bigint;
  debt: bigint;
  /** Basis points; null with no debt. */
  ratioBps: bigint | null;
  maxMintable: bigint;
}

export interface TreasuryReading {
  block: { number: bigint; timestamp: number };
  addresses: {
    vault: Address;
    xqb: Address;
    xqbusd: Address;
    usdc: Address;
    feed: Address;
    safe: Address;
    multiSend: Address;
  };
  xqbSupply: bigint;
  xqbMaxSupply: bigint;
  xqbusdSupply: bigint;
  usdcCollateral: bigint;
  ethCollateral: bigint;
  /** 18-decimal USD; when the price cannot be used, the USDC part only (priceProblem says why). */
  collateralValueUsd: bigint;
  /** System ratio in basis points; null with no XQBUSD. */
  systemRatioBps: bigint | null;
  price: { answer: bigint; decimals: number; updatedAt: number } | null;
  priceProblem: string | null;
  safePosition: SafePositionReading;
  safeUsdcBalance: bigint;
  safeXqbBalance: bigint;
}

async function rawRead<T>(
  evm: EvmChain,
  to: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
  blockNumber: bigint,
): Promise<T> {
  const data = encodeFunctionData({ abi, functionName, args });
  const out = await evm.call({ to, data, blockNumber });
  if (out.reverted) throw new LedgerRejectedError("ethereum", `${functionName} at ${to} reverted: ${out.message}`);
  return decodeFunctionResult({ abi, functionName, data: out.data as Hex }) as T;
}

/**
 * The vault's own valuation at a block: it refuses a stale or non-positive price, and says so by its custom error;
 * then only the USDC part is valued, and `priceProblem` says why.
 */
async function vaultValuation(
  evm: EvmChain,
  at: bigint,
  usdcCollateral: bigint,
): Promise<{ collateralValueUsd: bigint; priceProblem: string | null }> {
  try {
    const collateralValueUsd = await evm.read({
      contract: "TreasuryVault",
      functionName: "totalCollateralValue",
      blockNumber: at,
    });
    await evm.read({ contract: "TreasuryVault", functionName: "ethUsdPrice", blockNumber: at });
    return { collateralValueUsd, priceProblem: null };
  } catch (err) {
    if (!(err instanceof ContractRevertedError)) throw err;
    return {
      collateralValueUsd: usdcCollateral * 10n ** BigInt(18 - USDC_DECIMALS),
      priceProblem: `the vault refuses the feed's price: ${err.errorName ?? err.message}`,
    };
  }
}

/** Everything the metrics, the snapshots around an operation and the plan show, at the latest block or `blockNumber`. */
export async function readTreasury(evm: EvmChain, safe: Address, blockNumber?: bigint): Promise<TreasuryReading> {
  const block = await evm.block(blockNumber);
  const at = block.number;
  const vault = evm.address("TreasuryVault");
  const [usdc, feed, xqbusdSupply, xqbSupply, xqbMaxSupply, usdcCollateral, ethCollateral, position] =
    await Promise.all([
      evm.read({ contract: "TreasuryVault", functionName: "usdc", blockNumber: at }),
      evm.read({ contract: "TreasuryVault", functionName: "priceFeed", blockNumber: at }),
      evm.read({ contract: "XQBUSD", functionName: "totalSupply", blockNumber: at }),
      evm.read({ contract: "XQBToken", functionName: "totalSupply", blockNumber: at }),
      evm.read({ contract: "XQBToken", functionName: "cap", blockNumber: at }),
      evm.read({ contract: "TreasuryVault", functionName: "totalUsdcCollateral", blockNumber: at }),
      evm.read({ contract: "TreasuryVault", functionName: "totalEthCollateral", blockNumber: at }),
      evm.read({ contract: "TreasuryVault", functionName: "positionOf", args: [safe], blockNumber: at }),
    ]);
  const [safeUsdcBalance, safeXqbBalance, round, feedDecimals] = await Promise.all([
    rawRead<bigint>(evm, usdc, erc20Abi, "balanceOf", [safe], at),
    evm.read({ contract: "XQBToken", functionName: "balanceOf", args: [safe], blockNumber: at }),
    rawRead<readonly [bigint, bigint, bigint, bigint, bigint]>(evm, feed, feedAbi, "latestRoundData", [], at),
    rawRead<number>(evm, feed, feedAbi, "decimals", [], at),
  ]);
  const { collateralValueUsd, priceProblem } = await vaultValuation(evm, at, usdcCollateral);
  const ratio = xqbusdSupply === 0n ? null : (collateralValueUsd * 10_000n) / xqbusdSupply;
  return {
    block: { number: at, timestamp: block.timestamp },
    addresses: {
      vault,
      xqb: evm.address("XQBToken"),
      xqbusd: evm.address("XQBUSD"),
      usdc,
      feed,
      safe,
      multiSend: evm.address("MultiSendCallOnly"),
    },
    xqbSupply,
    xqbMaxSupply,
    xqbusdSupply,
    usdcCollateral,
    ethCollateral,
    collateralValueUsd,
    systemRatioBps: ratio,
    price: round[1] > 0n ? { answer: round[1], decimals: feedDecimals, updatedAt: Number(round[3]) } : null,
    priceProblem,
    safePosition: {
      usdcCollateral: position.usdcCollateral,
      ethCollateral: position.ethCollateral,
      collateralValueUsd: position.collateralValueUsd,
      debt: position.debt,
      ratioBps: position.collateralRatioBps === maxUint256 ? null : position.collateralRatioBps,
      maxMintable: position.maxMintable,
    },
    safeUsdcBalance,
    safeXqbBalance,
  };
}

/** The vault's capacityAt (pure): the check beside the spec's formula. */
export function vaultCapacityAt(evm: EvmChain, collateralUsd: bigint, ratioBps: bigint): Promise<bigint> {
  return evm.read({ contract: "TreasuryVault", functionName: "capacityAt", args: [collateralUsd, ratioBps] });
}

/** Calldata of the treasury's calls (the Safe runs them). */
export const encode = {
  usdcMint: (to: Address, amount: bigint) =>
    encodeFunctionData({ abi: abiOf("MockUSDC"), functionName: "mint", args: [to, amount] }),
  usdcApprove: (spender: Address, amount: bigint) =>
    encodeFunctionData({ abi: abiOf("MockUSDC"), functionName: "approve", args: [spender, amount] }),
  depositUsdc: (amount: bigint) =>
    encodeFunctionData({ abi: abiOf("TreasuryVault"), functionName: "depositUsdc", args: [amount] }),
  mintXqb: (to: Address, amount: bigint) =>
    encodeFunctionData({ abi: abiOf("XQBToken"), functionName: "mint", args: [to, amount] }),
  mintXqbusd: (amount: bigint) =>
    encodeFunctionData({ abi: abiOf("TreasuryVault"), functionName: "mintXqbusd", args: [amount] }),
};

/** The vault's collateral and system ratio at one block: what other pages show as the real-world-asset figure. */
export interface VaultCollateralReading {
  vault: Address;
  blockNumber: bigint;
  usdcCollateral: bigint;
  ethCollateral: bigint;
  /** 18-decimal USD; the USDC part only when the vault refuses the feed's price (priceProblem says why). */
  collateralValueUsd: bigint;
  xqbusdSupply: bigint;
  /** Basis points; null with no XQBUSD. */
  systemRatioBps: bigint | null;
  priceProblem: string | null;
}

/** Only the vault's totals and XQBUSD's supply (readTreasury reads the Safe and the tokenomics too). */
export async function readVaultCollateral(evm: EvmChain, blockNumber: bigint): Promise<VaultCollateralReading> {
  const at = blockNumber;
  const [usdcCollateral, ethCollateral, xqbusdSupply] = await Promise.all([
    evm.read({ contract: "TreasuryVault", functionName: "totalUsdcCollateral", blockNumber: at }),
    evm.read({ contract: "TreasuryVault", functionName: "totalEthCollateral", blockNumber: at }),
    evm.read({ contract: "XQBUSD", functionName: "totalSupply", blockNumber: at }),
  ]);
  const { collateralValueUsd, priceProblem } = await vaultValuation(evm, at, usdcCollateral);
  return {
    vault: evm.address("TreasuryVault"),
    blockNumber: at,
    usdcCollateral,
    ethCollateral,
    collateralValueUsd,
    xqbusdSupply,
    systemRatioBps: xqbusdSupply === 0n ? null : (collateralValueUsd * 10_000n) / xqbusdSupply,
    priceProblem,
  };
}
