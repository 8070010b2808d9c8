// The spec's three treasury operations (§7) as Safe calls, each checked first against the chain with the
// rule in numbers: deploy_capital (USDC into the vault as the Safe's collateral), mint_xqb (XQBToken.mint to
// the Safe, within the 1B cap) and enable_xqbusd (vault.mintXqbusd against the Safe's position at the
// stated ratio, >= 150%). On the local chain the Safe's USDC is mock USDC issued by the API signer first
// (its own transaction, shown as a step); elsewhere the Safe must already hold it.
import type { Address } from "viem";
import { fieldError, HttpError } from "../../http/errors";
import type { EvmChain } from "../../ledgers/evm";
import type { SafeCall } from "../../ledgers/evm/safe";
import { QT_MINIMUM_RATIO_PERCENT } from "./quantum-treasury-2.constants";
import { encode, USDC_DECIMALS, type TreasuryReading } from "./quantum-treasury-2.ledger";
import { backable, grouped, parseAmount, units } from "./quantum-treasury-2.math";
import type { QtExecuteRequest, QtStrategyRequest } from "./quantum-treasury-2.schemas";

const LOCAL_CHAIN_ID = 31337;
const USD_PER_USDC_UNIT = 10n ** BigInt(18 - USDC_DECIMALS);
/** The vault keeps a position's USDC in a uint64 (SafeCast reverts past it). */
const MAX_POSITION_USDC = 2n ** 64n - 1n;

/** A transaction the API signer sends itself before the Safe transaction (mock USDC to the Safe). */
export interface PreStep {
  label: string;
  call: { to: Address; data: `0x${string}`; value?: bigint };
  contract: "MockUSDC";
  functionName: "mint";
  args: readonly [Address, bigint];
}

export interface OperationPlan {
  operation: string;
  steps: PreStep[];
  calls: SafeCall[];
}

const issuesMockUsdc = (evm: EvmChain) => evm.chainId === LOCAL_CHAIN_ID;

function deployCapital(evm: EvmChain, r: TreasuryReading, amount: bigint, field: string): OperationPlan {
  const steps: PreStep[] = [];
  if (r.safePosition.usdcCollateral + amount > MAX_POSITION_USDC) {
    throw fieldError(
      field,
      `a vault position holds at most ${grouped(MAX_POSITION_USDC, USDC_DECIMALS)} USDC; the Safe's holds ${grouped(r.safePosition.usdcCollateral, USDC_DECIMALS)}`,
    );
  }
  if (issuesMockUsdc(evm)) {
    const safe = r.addresses.safe;
    steps.push({
      label: `Issue ${grouped(amount, USDC_DECIMALS)} mock USDC to the Safe (local chain; the API signer holds MockUSDC's MINTER_ROLE)`,
      call: { to: evm.address("MockUSDC"), data: encode.usdcMint(safe, amount) },
      contract: "MockUSDC",
      functionName: "mint",
      args: [safe, amount],
    });
  } else if (r.safeUsdcBalance < amount) {
    throw fieldError(
      field,
      `the Safe holds ${grouped(r.safeUsdcBalance, USDC_DECIMALS)} USDC; deploying ${grouped(amount, USDC_DECIMALS)} needs that much in the Safe first`,
    );
  }
  return {
    operation: "deploy_capital",
    steps,
    calls: [
      { to: r.addresses.usdc, data: encode.usdcApprove(r.addresses.vault, amount) },
      { to: r.addresses.vault, data: encode.depositUsdc(amount) },
    ],
  };
}

function mintXqb(r: TreasuryReading, amount: bigint, field: string): OperationPlan {
  const room = r.xqbMaxSupply - r.xqbSupply;
  if (amount > room) {
    throw new HttpError(
      "INVALID_INPUT",
      `Minting ${grouped(amount, 18)} XQB would take the supply from ${grouped(r.xqbSupply, 18)} to ${grouped(r.xqbSupply + amount, 18)} XQB, above the ${grouped(r.xqbMaxSupply, 18)} cap; at most ${grouped(room, 18)} more can be minted`,
      {
        issues: [
          {
            path: field,
            message: `at most ${units(room, 18)} XQB can be minted (cap ${units(r.xqbMaxSupply, 18)}, supply ${units(r.xqbSupply, 18)})`,
          },
        ],
        details: { maxAmount: units(room, 18), supply: units(r.xqbSupply, 18), cap: units(r.xqbMaxSupply, 18) },
      },
    );
  }
  return {
    operation: "mint_xqb",
    steps: [],
    calls: [{ to: r.addresses.xqb, data: encode.mintXqb(r.addresses.safe, amount) }],
  };
}

/** Ratio percent (>= 150, at most 2 decimals) -> basis points. */
function ratioBpsOf(ratio: number | undefined, field: string): bigint {
  const value = ratio ?? QT_MINIMUM_RATIO_PERCENT;
  const bps = Math.round(value * 100);
  if (Math.abs(bps - value * 100) > 1e-6) throw fieldError(field, "must have at most 2 decimals");
  if (bps < QT_MINIMUM_RATIO_PERCENT * 100)
    throw fieldError(field, `must be at least ${QT_MINIMUM_RATIO_PERCENT} (the vault's minimum ratio)`);
  return BigInt(bps);
}

function enableXqbusd(
  r: TreasuryReading,
  amount: bigint,
  ratioBps: bigint,
  field: string,
  extraCollateralUsd = 0n,
): OperationPlan {
  const collateral = r.safePosition.collateralValueUsd + extraCollateralUsd;
  const debt = r.safePosition.debt;
  const max = backable(collateral, debt, ratioBps);
  if (amount > max) {
    const needed = ((debt + amount) * ratioBps + 9_999n) / 10_000n;
    const ratioText = `${Number(ratioBps) / 100}%`;
    const already = debt > 0n ? ` (with the ${grouped(debt, 18)} XQBUSD already minted against it)` : "";
    throw new HttpError(
      "INVALID_INPUT",
      `${grouped(amount, 18)} XQBUSD at ${ratioText} needs $${grouped(needed, 18)} of collateral${already}; the vault holds $${grouped(collateral, 18)} for the Safe. The most it can back is ${grouped(max, 18)} XQBUSD.`,
      {
        issues: [{ path: field, message: `at most ${units(max, 18)} XQBUSD can be backed at ${ratioText}` }],
        details: {
          maxAmount: units(max, 18),
          collateralUsd: units(collateral, 18),
          debt: units(debt, 18),
          neededUsd: units(needed, 18),
          ratio: String(Number(ratioBps) / 100),
        },
      },
    );
  }
  return { operation: "enable_xqbusd", steps: [], calls: [{ to: r.addresses.vault, data: encode.mintXqbusd(amount) }] };
}

/** One operation of POST /execute, checked against the reading. */
export function planOperation(evm: EvmChain, r: TreasuryReading, req: QtExecuteRequest): OperationPlan {
  switch (req.operation) {
    case "deploy_capital":
      return deployCapital(evm, r, parseAmount(req.amount, USDC_DECIMALS, "amount", "USDC"), "amount");
    case "mint_xqb":
      return mintXqb(r, parseAmount(req.amount, 18, "amount", "XQB"), "amount");
    case "enable_xqbusd":
      return enableXqbusd(
        r,
        parseAmount(req.amount, 18, "amount", "XQBUSD"),
        ratioBpsOf(req.parameters?.collateral_ratio, "parameters.collateral_ratio"),
        "amount",
      );
  }
}

/** The three operations as one batch: deposit, then mint XQB, then XQBUSD against the deposit at 150%. */
export function planStrategy(evm: EvmChain, r: TreasuryReading, req: QtStrategyRequest): OperationPlan {
  const usdc = parseAmount(req.collateralUsdc, USDC_DECIMALS, "collateralUsdc", "USDC");
  const xqb = parseAmount(req.xqbAmount, 18, "xqbAmount", "XQB");
  const xqbusd = parseAmount(req.xqbusdAmount, 18, "xqbusdAmount", "XQBUSD");
  const deposit = deployCapital(evm, r, usdc, "collateralUsdc");
  const mint = mintXqb(r, xqb, "xqbAmount");
  const enable = enableXqbusd(
    r,
    xqbusd,
    BigInt(QT_MINIMUM_RATIO_PERCENT * 100),
    "xqbusdAmount",
    usdc * USD_PER_USDC_UNIT,
  );
  return { operation: "strategy", steps: deposit.steps, calls: [...deposit.calls, ...mint.calls, ...enable.calls] };
}
