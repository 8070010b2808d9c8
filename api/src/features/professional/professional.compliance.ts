// Compliance audit: a stated list of rules, each computed from the chain (the vault's collateral, the
// XQBUSD supply, the feed's price, the vault's own constants and ABI), with its source cited. The GENIUS
// Act's section 4 asks 1:1 reserves in cash and short Treasuries with monthly disclosure; XQBUSD is backed
// by ETH and USDC at 150%, so the audit says exactly which rules it meets and which not. Our reading, not
// legal advice (COMPLIANCE_DISCLAIMER). Reads are pinned to one block so the figures agree.
import {
  decodeFunctionResult,
  encodeFunctionData,
  formatUnits,
  parseAbi,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import type { EvmChain } from "../../ledgers/evm";
import { abiOf } from "../../ledgers/evm/contracts";
import { ContractRevertedError } from "../../ledgers/evm/errors";
import type { LedgerSelector } from "../../ledgers/selector";
import { COMPLIANCE_DISCLAIMER, PROFESSIONAL_LABELS } from "./professional.constants";
import type { AssessmentPart, ComplianceAuditResult, ComplianceRule, ReserveReading } from "./professional.schemas";

const erc20Abi = parseAbi(["function balanceOf(address) view returns (uint256)"]);
const feedAbi = parseAbi([
  "function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)",
  "function decimals() view returns (uint8)",
]);
const GENIUS = "GENIUS Act (S. 1582, signed 18 July 2025)";
const VAULT_SOURCE = "contracts/treasury/TreasuryVault.sol";

export type ComplianceDetail = ComplianceAuditResult["detail"];

interface ChainFacts {
  blockNumber: bigint;
  vault: Address;
  usdc: Address;
  ethWei: bigint;
  vaultEthBalance: bigint;
  usdcUnits: bigint;
  vaultUsdcBalance: bigint;
  xqbusdSupply: bigint;
  totalDebt: bigint;
  price: bigint | null;
  priceProblem: string | null;
  feedDecimals: number;
  usdcToUsd: bigint;
  minRatioBps: bigint;
  liquidationRatioBps: bigint;
}

async function rawRead<T>(
  evm: EvmChain,
  to: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
  blockNumber: bigint,
): Promise<T> {
  const out = await evm.call({ to, data: encodeFunctionData({ abi, functionName, args }), blockNumber });
  if (out.reverted) throw new Error(`${functionName} at ${to} reverted: ${out.message}`);
  return decodeFunctionResult({ abi, functionName, data: out.data as Hex }) as T;
}

async function readFacts(evm: EvmChain): Promise<ChainFacts> {
  const { number: at } = await evm.block();
  const vault = evm.address("TreasuryVault");
  const [
    usdc,
    feed,
    ethWei,
    usdcUnits,
    xqbusdSupply,
    totalDebt,
    usdcToUsd,
    minRatioBps,
    liquidationRatioBps,
    vaultEthBalance,
  ] = await Promise.all([
    evm.read({ contract: "TreasuryVault", functionName: "usdc", blockNumber: at }),
    evm.read({ contract: "TreasuryVault", functionName: "priceFeed", blockNumber: at }),
    evm.read({ contract: "TreasuryVault", functionName: "totalEthCollateral", blockNumber: at }),
    evm.read({ contract: "TreasuryVault", functionName: "totalUsdcCollateral", blockNumber: at }),
    evm.read({ contract: "XQBUSD", functionName: "totalSupply", blockNumber: at }),
    evm.read({ contract: "TreasuryVault", functionName: "totalDebt", blockNumber: at }),
    evm.read({ contract: "TreasuryVault", functionName: "usdcToUsd", blockNumber: at }),
    evm.read({ contract: "TreasuryVault", functionName: "MIN_COLLATERAL_RATIO_BPS", blockNumber: at }),
    evm.read({ contract: "TreasuryVault", functionName: "LIQUIDATION_RATIO_BPS", blockNumber: at }),
    evm.balance(vault),
  ]);
  const [vaultUsdcBalance, feedDecimals] = await Promise.all([
    rawRead<bigint>(evm, usdc, erc20Abi, "balanceOf", [vault], at),
    rawRead<number>(evm, feed, feedAbi, "decimals", [], at),
  ]);
  // The vault's own price check (stale or non-positive answers are refused, and then nothing is valued in ETH).
  let price: bigint | null = null;
  let priceProblem: string | null = null;
  try {
    price = await evm.read({ contract: "TreasuryVault", functionName: "ethUsdPrice", blockNumber: at });
  } catch (err) {
    if (!(err instanceof ContractRevertedError)) throw err;
    priceProblem = `the vault refuses the feed's price (${err.errorName ?? err.message}): ETH collateral cannot be valued`;
  }
  return {
    blockNumber: at,
    vault,
    usdc,
    ethWei,
    vaultEthBalance,
    usdcUnits,
    vaultUsdcBalance,
    xqbusdSupply,
    totalDebt,
    price,
    priceProblem,
    feedDecimals,
    usdcToUsd,
    minRatioBps,
    liquidationRatioBps,
  };
}

const pct2 = (num: bigint, den: bigint): number | null => (den === 0n ? null : Number((num * 10_000n) / den) / 100);
const usd = (v18: bigint) => Number(formatUnits(v18, 18)).toFixed(2);
const usdText = (v18: bigint) =>
  `$${Number(formatUnits(v18, 18)).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const units = (v: bigint, d: number) => Number(formatUnits(v, d)).toLocaleString("en-US", { maximumFractionDigits: 6 });

/** The vault's functions (from the ABI of the deployed map) that could move collateral out other than to its owner. */
function lendingFunctions(): string[] {
  const names = (abiOf("TreasuryVault") as Abi)
    .filter((e) => e.type === "function")
    .map((e) => (e as { name: string }).name);
  return names.filter((n) => /lend|pledge|rehypothecat|invest|deploy|approve|delegate|sweep|rescue/i.test(n));
}
function redemptionFunctions(): string[] {
  return (abiOf("TreasuryVault") as Abi)
    .filter((e) => e.type === "function" && /redeem/i.test((e as { name: string }).name))
    .map((e) => (e as { name: string }).name);
}

export function complianceRules(f: ChainFacts): {
  rules: ComplianceRule[];
  reserves: Omit<ReserveReading, "chainId" | "source" | "reason">;
} {
  const ethValue = f.price === null ? 0n : (f.ethWei * f.price) / 10n ** BigInt(f.feedDecimals);
  const usdcValue = f.usdcUnits * f.usdcToUsd;
  const value = ethValue + usdcValue;
  const ratio = pct2(value, f.xqbusdSupply);
  const ethShare = f.price === null && f.ethWei > 0n ? null : pct2(ethValue, value);
  const usdcShare = f.price === null && f.ethWei > 0n ? null : pct2(usdcValue, value);
  const supplyText = `${units(f.xqbusdSupply, 18)} XQBUSD`;
  const valueText = `${usdText(value)} (${units(f.ethWei, 18)} ETH = ${usdText(ethValue)}, ${units(f.usdcUnits, 6)} USDC = ${usdText(usdcValue)})`;
  const priceNote = f.priceProblem ? `; ${f.priceProblem}` : "";
  const lending = lendingFunctions();
  const redeem = redemptionFunctions();
  const rules: ComplianceRule[] = [
    {
      id: "genius-reserves-1to1",
      group: "GENIUS Act §4",
      rule: "Reserves backing the outstanding stablecoins on at least a one-to-one basis",
      source: `${GENIUS}, §4(a)(1)(A)`,
      measured:
        ratio === null
          ? `no XQBUSD outstanding; collateral ${valueText}`
          : `${ratio}%: collateral ${valueText} / supply ${supplyText}`,
      met: f.priceProblem === null && (ratio === null || ratio >= 100),
      detail:
        (ratio === null
          ? "Nothing is outstanding, so nothing needs backing."
          : ratio >= 100
            ? "The collateral's value at the feed price covers the supply."
            : "The collateral's value at the feed price is below the supply.") + priceNote,
    },
    {
      id: "genius-permitted-assets",
      group: "GENIUS Act §4",
      rule: "Reserves only in permitted assets: US coins and currency, demand deposits at insured institutions, Treasury bills, notes or bonds with a remaining maturity of 93 days or less, qualifying overnight repos backed by such Treasuries, money market funds investing only in these",
      source: `${GENIUS}, §4(a)(1)(A)(i)-(vii)`,
      measured: `ETH ${ethShare ?? "n/a"}%, USDC ${usdcShare ?? "n/a"}% of the collateral value`,
      met: false,
      detail:
        "The vault accepts only ETH and USDC (its deposit functions), and neither is a permitted reserve asset: ETH is a volatile crypto-asset, and USDC is a payment stablecoin, not a deposit or a Treasury. Not met by design.",
    },
    {
      id: "genius-monthly-disclosure",
      group: "GENIUS Act §4",
      rule: "Monthly publication of the reserves' composition (total outstanding, amount and composition of reserves, average tenor and custody location), examined monthly by a registered public accounting firm, with CEO and CFO certification",
      source: `${GENIUS}, §4(a)(1)(C) and §4(a)(3)`,
      measured: `composition readable on chain at every block (block ${f.blockNumber}: vault ${f.vault}); no monthly report, no accountant's examination, no certification`,
      met: false,
      detail:
        "What we publish is the chain itself (anyone can read the vault's balances and the supply). A monthly report examined by a registered public accounting firm does not exist.",
    },
    {
      id: "genius-redemption-policy",
      group: "GENIUS Act §4",
      rule: "A publicly disclosed redemption policy, with timely redemption at par and its fees disclosed",
      source: `${GENIUS}, §4(a)(1)(B)`,
      measured:
        redeem.length > 0
          ? `redeem functions in the vault's ABI: ${redeem.join(", ")}`
          : "no redeem function in the deployed vault's ABI",
      met: redeem.length > 0,
      detail:
        redeem.length > 0
          ? "The vault exposes a redemption path."
          : `XQBUSD is not redeemable at par for collateral on demand: holders can only repay their own position's debt or liquidate a position below 130% (see the note in ${VAULT_SOURCE}).`,
    },
    {
      id: "genius-no-rehypothecation",
      group: "GENIUS Act §4",
      rule: "Reserves may not be pledged, rehypothecated or reused",
      source: `${GENIUS}, §4(a)(2)`,
      measured: `vault ETH balance ${units(f.vaultEthBalance, 18)} = totalEthCollateral ${units(f.ethWei, 18)}; vault USDC balance ${units(f.vaultUsdcBalance, 6)} = totalUsdcCollateral ${units(f.usdcUnits, 6)}; lending/approval functions in the ABI: ${lending.length ? lending.join(", ") : "none"}`,
      met: f.vaultEthBalance === f.ethWei && f.vaultUsdcBalance === f.usdcUnits && lending.length === 0,
      detail:
        "The collateral stays in the vault contract itself, and the vault has no function that lends, pledges or approves it to anyone; it leaves only by withdrawal to its owner or liquidation.",
    },
    {
      id: "contract-min-ratio-150",
      group: "XQBUSD contract",
      rule: "XQBUSD is minted only against collateral worth at least 150% of the position's debt",
      source: `${VAULT_SOURCE}: MIN_COLLATERAL_RATIO_BPS, _requireMinRatio`,
      measured: `MIN_COLLATERAL_RATIO_BPS = ${f.minRatioBps} (${Number(f.minRatioBps) / 100}%)`,
      met: f.minRatioBps === 15_000n,
      detail: "Read from the deployed contract; every mint and withdrawal checks it (CollateralRatioTooLow otherwise).",
    },
    {
      id: "contract-liquidation-130",
      group: "XQBUSD contract",
      rule: "A position below 130% can be liquidated by anyone",
      source: `${VAULT_SOURCE}: LIQUIDATION_RATIO_BPS, liquidate`,
      measured: `LIQUIDATION_RATIO_BPS = ${f.liquidationRatioBps} (${Number(f.liquidationRatioBps) / 100}%)`,
      met: f.liquidationRatioBps === 13_000n,
      detail: "Read from the deployed contract.",
    },
    {
      id: "contract-supply-is-debt",
      group: "XQBUSD contract",
      rule: "Every XQBUSD in circulation was minted against a vault position's debt",
      source: `${VAULT_SOURCE}: totalDebt; contracts/minting/XQBUSD.sol`,
      measured: `XQBUSD totalSupply ${supplyText}; vault totalDebt ${units(f.totalDebt, 18)}`,
      met: f.xqbusdSupply === f.totalDebt,
      detail: "Only the vault mints and burns XQBUSD, each time against a position's debt.",
    },
    {
      id: "contract-every-xqbusd-backed",
      group: "XQBUSD contract",
      rule: "Every XQBUSD is backed: the collateral's value at the feed price is at least the supply",
      source: `${VAULT_SOURCE}: totalCollateralValue, xqbusdSupply; the ETH/USD feed the vault names`,
      measured: ratio === null ? "no XQBUSD outstanding" : `system ratio ${ratio}% (${valueText} for ${supplyText})`,
      met: f.priceProblem === null && (ratio === null || ratio >= 100),
      detail:
        (ratio === null
          ? "Nothing outstanding."
          : ratio >= 150
            ? "Above the 150% minimum system-wide."
            : ratio >= 100
              ? "Backed, though below 150% system-wide (positions between 130% and 150% may exist until repaid or liquidated)."
              : "Under-backed at the feed price.") + priceNote,
    },
  ];
  return {
    rules,
    reserves: {
      blockNumber: f.blockNumber.toString(),
      vault: f.vault,
      ethCollateralWei: f.ethWei.toString(),
      usdcCollateral: f.usdcUnits.toString(),
      ethUsdPrice: (f.price ?? 0n).toString(),
      feedDecimals: f.feedDecimals,
      ethValueUsd: usd(ethValue),
      usdcValueUsd: usd(usdcValue),
      collateralValueUsd: usd(value),
      xqbusdSupply: f.xqbusdSupply.toString(),
      reserveRatioPercent: ratio,
      ethSharePercent: ethShare,
      usdcSharePercent: usdcShare,
      minCollateralRatioPercent: Number(f.minRatioBps) / 100,
      liquidationRatioPercent: Number(f.liquidationRatioBps) / 100,
    },
  };
}

export async function runComplianceAudit(
  evm: LedgerSelector<EvmChain>,
  chainId: number,
): Promise<{ detail: ComplianceDetail; parts: AssessmentPart[]; score: number; passed: boolean; summary: string }> {
  let reading: {
    facts: ChainFacts | null;
    problem: string | null;
    source: "live" | "simulated";
    reason: string | null;
  };
  try {
    const r = await evm.run(async (chain) => ({ facts: await readFacts(chain) }));
    reading = { facts: r.facts, problem: null, source: r.source, reason: r.reason ?? null };
  } catch (err) {
    reading = {
      facts: null,
      problem: err instanceof Error ? err.message : String(err),
      source: evm.status().mode,
      reason: evm.status().reason,
    };
  }
  if (!reading.facts || reading.source !== "live") {
    // Nothing read from a live chain: no rule can be computed, and none is claimed.
    const why = reading.problem ?? reading.reason ?? "the chain is not live";
    const detail: ComplianceDetail = {
      disclaimer: COMPLIANCE_DISCLAIMER,
      reserves: {
        chainId,
        source: "simulated",
        reason: why,
        blockNumber: null,
        vault: null,
        ethCollateralWei: "0",
        usdcCollateral: "0",
        ethUsdPrice: "0",
        feedDecimals: 0,
        ethValueUsd: "0.00",
        usdcValueUsd: "0.00",
        collateralValueUsd: "0.00",
        xqbusdSupply: "0",
        reserveRatioPercent: null,
        ethSharePercent: null,
        usdcSharePercent: null,
        minCollateralRatioPercent: null,
        liquidationRatioPercent: null,
      },
      rules: [],
    };
    return {
      detail,
      parts: [
        {
          id: "chain",
          label: "Chain readings",
          status: "not-run",
          points: 0,
          maxPoints: 100,
          detail: `could not read the chain: ${why}`,
        },
      ],
      score: 0,
      passed: false,
      summary: `${PROFESSIONAL_LABELS["compliance-audit"]}: not computed, the chain could not be read (${why})`,
    };
  }
  const { rules, reserves } = complianceRules(reading.facts);
  const met = rules.filter((r) => r.met).length;
  const score = Math.round((1000 * met) / rules.length) / 10;
  const each = Math.round(1000 / rules.length) / 10;
  return {
    detail: {
      disclaimer: COMPLIANCE_DISCLAIMER,
      reserves: { chainId, source: "live", reason: null, ...reserves },
      rules,
    },
    parts: rules.map((r) => ({
      id: r.id,
      label: r.rule,
      status: r.met ? "pass" : "fail",
      points: r.met ? each : 0,
      maxPoints: each,
      detail: r.measured,
    })),
    score,
    passed: met === rules.length,
    summary: `${PROFESSIONAL_LABELS["compliance-audit"]}: ${met} of ${rules.length} rules met (reserve ratio ${reserves.reserveRatioPercent ?? "n/a"}%, ETH ${reserves.ethSharePercent ?? "n/a"}% / USDC ${reserves.usdcSharePercent ?? "n/a"}% of the collateral)`,
  };
}
