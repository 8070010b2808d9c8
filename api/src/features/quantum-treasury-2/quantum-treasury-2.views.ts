// Readings shaped for the page: the treasury summary beside the plan, the snapshots around an operation,
// the allocation table beside the genesis holders' balances, and the Markdown implementation plan.
import { getAddress, hexToString, isAddressEqual, type Address, type Hex } from "viem";
import type { EvmChain } from "../../ledgers/evm";
import type { EventIndex } from "../../ledgers/evm/event-index";
import { contractsOn } from "../../ledgers/evm/contracts";
import type { SafeState } from "../../ledgers/evm/safe";
import {
  QT_LAUNCH_PHASES,
  QT_LIQUIDATION_THRESHOLD_PERCENT,
  QT_MINIMUM_RATIO_PERCENT,
  QT_PLAN,
  QT_PLANNED_YEAR1_CIRCULATING,
  QT_RELEASE_SCHEDULE,
  QT_TARGETS,
  QT_XQB_ALLOCATION,
} from "./quantum-treasury-2.constants";
import { USDC_DECIMALS, type TreasuryReading } from "./quantum-treasury-2.ledger";
import { grouped, percent, units } from "./quantum-treasury-2.math";
import type { QtMetricsResponse, QtStateSnapshot, QtTokenomicsResponse } from "./quantum-treasury-2.schemas";

type Unsourced<T> = Omit<T, "source" | "reason">;

export function snapshotOf(r: TreasuryReading): QtStateSnapshot {
  return {
    blockNumber: r.block.number.toString(),
    xqbSupply: units(r.xqbSupply, 18),
    xqbusdSupply: units(r.xqbusdSupply, 18),
    usdcCollateral: units(r.usdcCollateral, USDC_DECIMALS),
    collateralValueUsd: units(r.collateralValueUsd, 18),
    vaultRatio: percent(r.systemRatioBps),
    safePosition: {
      collateralUsd: units(r.safePosition.collateralValueUsd, 18),
      debt: units(r.safePosition.debt, 18),
      ratio: percent(r.safePosition.ratioBps),
    },
    safeUsdcBalance: units(r.safeUsdcBalance, USDC_DECIMALS),
    safeXqbBalance: units(r.safeXqbBalance, 18),
  };
}

/** The Safe as read, and the dev owners whose keys this API holds (an operator may ask them to co-sign). */
export function safeInfo(s: SafeState, devKeyOwners: readonly { ownerIndex: number; address: Address }[] = []) {
  return {
    address: s.address,
    owners: s.owners,
    threshold: s.threshold,
    nonce: s.nonce.toString(),
    devKeyOwners: [...devKeyOwners],
  };
}

export const PLAN_NOTE = "The spec's figures (plan and copy), shown beside the chain's readings, never in their place";

export function metricsOf(
  r: TreasuryReading,
  safe: SafeState,
  devKeyOwners: readonly { ownerIndex: number; address: Address }[] = [],
): Unsourced<QtMetricsResponse> {
  const price = r.price;
  // Age on the chain's clock, as the vault judges staleness (block.timestamp - updatedAt): after the local
  // chain's clock is advanced, the price is as old as the vault thinks it is.
  return {
    blockNumber: r.block.number.toString(),
    blockTime: r.block.timestamp,
    totalCapital: units(r.collateralValueUsd, 18),
    usdcReserves: units(r.usdcCollateral, USDC_DECIMALS),
    ethCollateral: units(r.ethCollateral, 18),
    xqbMinted: units(r.xqbSupply, 18),
    xqbusdBacked: units(r.xqbusdSupply, 18),
    collateralizationRatio: percent(r.systemRatioBps),
    liquidationThreshold: QT_LIQUIDATION_THRESHOLD_PERCENT,
    minimumRatio: QT_MINIMUM_RATIO_PERCENT,
    ethUsdPrice: price
      ? {
          price: units(price.answer, price.decimals),
          updatedAt: price.updatedAt,
          ageSeconds: Math.max(0, r.block.timestamp - price.updatedAt),
        }
      : null,
    priceProblem: r.priceProblem ?? (price ? null : "the feed's answer is not positive"),
    safe: safeInfo(safe, devKeyOwners),
    safePosition: {
      collateralUsd: units(r.safePosition.collateralValueUsd, 18),
      debt: units(r.safePosition.debt, 18),
      ratio: percent(r.safePosition.ratioBps),
      maxMintable: units(r.safePosition.maxMintable, 18),
    },
    contracts: {
      vault: r.addresses.vault,
      xqb: r.addresses.xqb,
      xqbusd: r.addresses.xqbusd,
      usdc: r.addresses.usdc,
      feed: r.addresses.feed,
      multiSend: r.addresses.multiSend,
    },
    plan: { kind: "plan", note: PLAN_NOTE, ...QT_PLAN },
  };
}

export const CIRCULATING_RULE =
  "total supply minus the XQB held by the treasury Safe, by the holders of the locked buckets (founder, treasury reserves, staking rewards, development fund: vesting or reserved) and by the BridgeEscrow (locked while bridged)";

/** Release schedule as chart data: each period with the cumulative release. */
export function releaseSchedule() {
  const total = QT_RELEASE_SCHEDULE.reduce((a, p) => a + p.amount, 0);
  let cumulative = 0;
  return QT_RELEASE_SCHEDULE.map((p) => {
    cumulative += p.amount;
    return {
      period: p.period,
      fromMonth: p.fromMonth,
      amount: p.amount,
      cumulative,
      cumulativePercent: Math.round((cumulative / total) * 10_000) / 100,
    };
  });
}

/** The genesis holders from XQBToken's GenesisAllocated events (the index), their balances from the chain. */
export async function tokenomicsOf(
  evm: EvmChain,
  index: Pick<EventIndex, "events" | "waitFor" | "head">,
  r: TreasuryReading,
): Promise<Unsourced<QtTokenomicsResponse>> {
  const deployedOn = BigInt(contractsOn(evm.chainId)?.XQBToken?.deployedOnBlock ?? 0);
  const head = await index.head();
  if (!head || head.lastIndexedBlock < deployedOn) await index.waitFor(deployedOn, 3000);
  const events = await index.events({ contract: "XQBToken", eventName: "GenesisAllocated" });
  const genesis = new Map<string, { holder: Address; amount: bigint }>();
  for (const e of events) {
    const label = hexToString(String(e.args.label) as Hex, { size: 32 });
    genesis.set(label, { holder: getAddress(String(e.args.account)), amount: BigInt(String(e.args.amount)) });
  }
  const at = r.block.number;
  const balances = new Map<string, bigint>();
  await Promise.all(
    [...genesis.values()].map(async (g) =>
      balances.set(
        g.holder,
        await evm.read({ contract: "XQBToken", functionName: "balanceOf", args: [g.holder], blockNumber: at }),
      ),
    ),
  );
  const allocation = QT_XQB_ALLOCATION.map((row) => {
    const g = genesis.get(row.label);
    return {
      label: row.label,
      name: row.name,
      planAmount: row.amount,
      planPercent: row.percent,
      note: row.note,
      locked: row.locked,
      holder: g?.holder ?? null,
      genesisAmount: g ? units(g.amount, 18) : null,
      balance: g ? units(balances.get(g.holder)!, 18) : null,
    };
  });
  // Excluded once per address, whatever the number of buckets it holds.
  const excluded: { holder: Address; name: string; amount: bigint }[] = [
    { holder: r.addresses.safe, name: "Treasury Safe", amount: r.safeXqbBalance },
  ];
  for (const row of allocation) {
    if (!row.locked || !row.holder || excluded.some((x) => isAddressEqual(x.holder, row.holder!))) continue;
    excluded.push({ holder: row.holder, name: row.name, amount: balances.get(row.holder)! });
  }
  const escrow = contractsOn(evm.chainId)?.BridgeEscrow?.address;
  if (escrow && !excluded.some((x) => isAddressEqual(x.holder, escrow))) {
    excluded.push({
      holder: escrow,
      name: "BridgeEscrow",
      amount: await evm.read({ contract: "XQBToken", functionName: "balanceOf", args: [escrow], blockNumber: at }),
    });
  }
  const locked = excluded.reduce((a, x) => a + x.amount, 0n);
  const circulating = r.xqbSupply > locked ? r.xqbSupply - locked : 0n;
  return {
    blockNumber: at.toString(),
    totalSupply: units(r.xqbSupply, 18),
    maxSupply: units(r.xqbMaxSupply, 18),
    allocation,
    releaseSchedule: releaseSchedule(),
    circulating: {
      amount: units(circulating, 18),
      percent: r.xqbSupply === 0n ? 0 : Number((circulating * 10_000n) / r.xqbSupply) / 100,
      rule: CIRCULATING_RULE,
      excluded: excluded.map((x) => ({ holder: x.holder, name: x.name, amount: units(x.amount, 18) })),
    },
    plannedYear1Circulating: QT_PLANNED_YEAR1_CIRCULATING,
  };
}

const usd = (v: bigint) => `$${grouped(v, 18)}`;
const ratioText = (bps: bigint | null) => (bps === null ? "no XQBUSD minted (unbounded)" : `${percent(bps)}%`);

/** A Markdown plan from the chain's state now; the phases are copy. */
export function implementationPlan(
  r: TreasuryReading,
  safe: SafeState,
  network: string,
  chainId: number,
): { filename: string; markdown: string } {
  const date = new Date(r.block.timestamp * 1000).toISOString().slice(0, 10);
  const lines = [
    `# Quantum Treasury 2.0: implementation plan`,
    ``,
    `Generated from ${network} (chain ${chainId}) at block ${r.block.number} (${new Date(r.block.timestamp * 1000).toISOString()}). Figures under "Current state" are readings of the chain; "Plan" figures are the specification's targets.`,
    ``,
    `## Current state (readings)`,
    ``,
    `| Figure | Reading | Plan |`,
    `|---|---|---|`,
    `| Total capital (vault collateral at the feed's price) | ${usd(r.collateralValueUsd)} | $${QT_PLAN.totalCapitalUsd.toLocaleString("en-US")} |`,
    `| USDC reserves in the vault | ${grouped(r.usdcCollateral, USDC_DECIMALS)} USDC | |`,
    `| XQB minted (total supply) | ${grouped(r.xqbSupply, 18)} XQB | ${QT_PLAN.xqbMinted.toLocaleString("en-US")} XQB |`,
    `| XQBUSD backed (supply) | ${grouped(r.xqbusdSupply, 18)} XQBUSD | $${QT_PLAN.xqbusdCapacityUsd.toLocaleString("en-US")} capacity |`,
    `| System collateral ratio | ${ratioText(r.systemRatioBps)} | ${QT_PLAN.collateralizationRatio}% |`,
    `| Liquidation threshold | ${QT_LIQUIDATION_THRESHOLD_PERCENT}% | ${QT_LIQUIDATION_THRESHOLD_PERCENT}% |`,
    `| ETH/USD | ${r.price ? `$${units(r.price.answer, r.price.decimals)} (round of ${new Date(r.price.updatedAt * 1000).toISOString()})` : (r.priceProblem ?? "unavailable")} | |`,
    `| Safe's vault position | ${usd(r.safePosition.collateralValueUsd)} collateral, ${grouped(r.safePosition.debt, 18)} XQBUSD debt, ratio ${ratioText(r.safePosition.ratioBps)} | |`,
    ``,
    `## Treasury Safe`,
    ``,
    `- Address: \`${safe.address}\``,
    `- Threshold: ${safe.threshold} of ${safe.owners.length}; nonce ${safe.nonce}`,
    ...safe.owners.map((o, i) => `- Owner ${i + 1}: \`${o}\``),
    `- Holds ${grouped(r.safeUsdcBalance, USDC_DECIMALS)} USDC and ${grouped(r.safeXqbBalance, 18)} XQB`,
    ``,
    `## Contracts`,
    ``,
    `| Contract | Address |`,
    `|---|---|`,
    `| TreasuryVault | \`${r.addresses.vault}\` |`,
    `| XQBToken | \`${r.addresses.xqb}\` |`,
    `| XQBUSD | \`${r.addresses.xqbusd}\` |`,
    `| USDC | \`${r.addresses.usdc}\` |`,
    `| ETH/USD feed | \`${r.addresses.feed}\` |`,
    `| MultiSendCallOnly | \`${r.addresses.multiSend}\` |`,
    ``,
    `## Phases (plan)`,
    ``,
    ...QT_LAUNCH_PHASES.flatMap((p) => [
      `### ${p.name} (${p.months}): ${p.status}`,
      ``,
      ...p.items.map((i) => `- ${i}`),
      ``,
    ]),
    `Targets (plan): total value locked $${QT_TARGETS.totalValueLockedUsd.toLocaleString("en-US")}; valuation ${QT_TARGETS.valuation}.`,
    ``,
    `## Executing`,
    ``,
    `Each operation is a Safe transaction: proposed by a signed-in wallet, signed by ${safe.threshold} of the ${safe.owners.length} owners with their own wallets (EIP-712), executed once the threshold is met. "Execute Treasury Strategy" sends the deposit, the XQB mint and the XQBUSD mint as one MultiSendCallOnly batch.`,
    ``,
  ];
  return {
    filename: `quantum-treasury-implementation-plan-${network}-${date}-block-${r.block.number}.md`,
    markdown: lines.join("\n"),
  };
}
