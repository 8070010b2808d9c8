// /api/quantum-treasury-2: the treasury summary read from the chain beside the spec's plan, the XQB
// tokenomics, the capacity calculator checked against the vault, the three operations and the launch
// strategy as Safe transactions, pending proposals and their signatures, and the Markdown plan.
import { processWrites } from "../../shared/process-writes";
import type { Hex } from "viem";
import type { Caller } from "../../http/access";
import { HttpError } from "../../http/errors";
import type { Db } from "../../db/client";
import { implement, type FeatureRouter } from "../../http/route";
import { quantumTreasury2Contract } from "./quantum-treasury-2.contract";
import type { EvmChain } from "../../ledgers/evm";
import type { EventIndex } from "../../ledgers/evm/event-index";
import type { LedgerSelector } from "../../ledgers/selector";
import { describeCall } from "../../ledgers/evm/safe/decode";
import { QT_FEATURE, QT_LIQUIDATION_THRESHOLD_PERCENT, QT_MINIMUM_RATIO_PERCENT } from "./quantum-treasury-2.constants";
import {
  readTreasury,
  readVaultCollateral,
  vaultCapacityAt,
  type VaultCollateralReading,
} from "./quantum-treasury-2.ledger";
import { capacityFigures, units } from "./quantum-treasury-2.math";
import { planOperation, planStrategy } from "./quantum-treasury-2.operations";
import {
  qtAddSignatureRequest,
  qtAddSignatureResponse,
  qtCapacityQuery,
  qtCapacityResponse,
  qtExecuteRequest,
  qtExecuteResponse,
  qtImplementationPlanResponse,
  qtMetricsResponse,
  qtProposalListQuery,
  qtProposalListResponse,
  qtProposalParams,
  qtSafeProposal,
  qtStrategyExecuteResponse,
  qtStrategyPreviewResponse,
  qtStrategyRequest,
  qtTokenomicsResponse,
} from "./quantum-treasury-2.schemas";
import { proposalView, TreasuryWriter } from "./quantum-treasury-2.service";
import { implementationPlan, metricsOf, tokenomicsOf } from "./quantum-treasury-2.views";

export interface QuantumTreasury2Deps {
  evm: LedgerSelector<EvmChain>;
  index: EventIndex;
  db: Db;
  network: string;
  /** config.evm.safeOwnerKeys: the local dev owners #1-#3, empty elsewhere. */
  safeOwnerKeys: readonly Hex[];
}

/**
 * Who proposes, and whether the server co-signs: a proposal is a signed-in wallet's; the dev owners' keys sign
 * only for an operator who asks (`coSign: "dev-keys"`), never for anyone else (403, nothing sent or stored).
 */
function proposerOf(caller: Caller, coSign: "dev-keys" | undefined) {
  // The app's guard admits only sessions here ("wallet"); a feature mounted without it has no address either.
  if (!caller.address)
    throw new HttpError(
      "UNAUTHENTICATED",
      "Sign in with Ethereum first: a treasury operation is proposed by a signed-in wallet",
    );
  // coSignAccess (the contract) is "operator": the page's co-sign option reads the same rule.
  if (coSign === "dev-keys" && !caller.operator) {
    throw new HttpError(
      "FORBIDDEN",
      `Only an operator may ask the server to co-sign with the dev owners' keys: ${caller.address} is not in OPERATOR_ADDRESSES. Propose without coSign; the Safe's owners sign with their own wallets.`,
      {
        details: { field: "coSign" },
      },
    );
  }
  return { proposedBy: caller.address, coSign: coSign === "dev-keys" };
}

export interface QuantumTreasury2Exports {
  /** The vault's collateral and system ratio as of the chain's head (once per block); the landing's RWA card. */
  vaultCollateral(): Promise<VaultCollateralReading & { source: "live" | "simulated"; reason: string | null }>;
}

export function createQuantumTreasury2Router(deps: QuantumTreasury2Deps): FeatureRouter<QuantumTreasury2Exports> {
  const writer = new TreasuryWriter({ db: deps.db, index: deps.index, ownerKeys: deps.safeOwnerKeys });
  const feature = QT_FEATURE;
  const c = quantumTreasury2Contract;

  return {
    feature,
    routes: [
      implement(c.metrics, {
        response: qtMetricsResponse,
        handler: () =>
          deps.evm.run((evm) => {
            const road = writer.road(evm);
            // Everything here is the chain's as of its head: computed once per block, whoever polls.
            return evm.atHead(`qt2:metrics:${road.safe}`, async () => {
              const [safe, reading] = await Promise.all([road.state(), readTreasury(evm, road.safe)]);
              return metricsOf(reading, safe, road.heldOwnerKeys(safe));
            });
          }),
      }),
      implement(c.tokenomics, {
        response: qtTokenomicsResponse,
        handler: () =>
          deps.evm.run((evm) => {
            const road = writer.road(evm);
            // The genesis allocations (fixed at deploy) and the balances as of the head: once per block.
            return evm.atHead(`qt2:tokenomics:${road.safe}`, async () =>
              tokenomicsOf(evm, deps.index, await readTreasury(evm, road.safe)),
            );
          }),
      }),
      implement(c.capacity, {
        query: qtCapacityQuery,
        response: qtCapacityResponse,
        handler: async ({ query }) => {
          const f = capacityFigures(query.collateral, query.ratio);
          const ratio = Number(query.ratio);
          const warning =
            ratio < QT_LIQUIDATION_THRESHOLD_PERCENT
              ? `A ${ratio}% ratio is below the ${QT_LIQUIDATION_THRESHOLD_PERCENT}% liquidation threshold: a position this thin can be liquidated.`
              : ratio < QT_MINIMUM_RATIO_PERCENT
                ? `A ${ratio}% ratio is below the vault's ${QT_MINIMUM_RATIO_PERCENT}% minimum: the vault would refuse to mint at it.`
                : null;
          const base = {
            collateral: units(f.collateral18, 18),
            ratio,
            capacity: units(f.capacity18, 18),
            excessCollateral: units(f.excess18 < 0n ? -f.excess18 : f.excess18, 18),
            excessNegative: f.excess18 < 0n,
            utilizationRate: f.utilization,
            warning,
          };
          // The vault's pure capacityAt needs the node; without it the formula stands alone and says why.
          return deps.evm
            .run(async (evm) => {
              const vault = await vaultCapacityAt(evm, f.collateral18, f.ratioBps);
              return { vaultCapacity: units(vault, 18), agree: vault === f.capacity18 };
            })
            .catch((err: unknown) => ({
              vaultCapacity: null,
              agree: null,
              source: "simulated" as const,
              reason: `the vault's capacityAt could not be read: ${err instanceof Error ? err.message : String(err)}`,
            }))
            .then((check) => ({ ...base, ...check }));
        },
      }),
      implement(c.execute, {
        body: qtExecuteRequest,
        response: qtExecuteResponse,
        handler: ({ body, caller }) => {
          const who = proposerOf(caller, body.coSign);
          return deps.evm.run((evm, ctx) => writer.run(evm, ctx, (reading) => planOperation(evm, reading, body), who));
        },
      }),
      implement(c.strategyPreview, {
        body: qtStrategyRequest,
        response: qtStrategyPreviewResponse,
        handler: ({ body }) =>
          deps.evm.run(async (evm) => {
            const road = writer.road(evm);
            const [safe, reading] = await Promise.all([road.state(), readTreasury(evm, road.safe)]);
            const plan = planStrategy(evm, reading, body);
            return {
              safe: safe.address,
              nonce: safe.nonce.toString(),
              threshold: safe.threshold,
              steps: plan.steps.map((s) => ({ label: s.label, call: describeCall(evm.chainId, s.call) })),
              calls: plan.calls.map((c) => describeCall(evm.chainId, c)),
              multiSend: evm.address("MultiSendCallOnly"),
              signsHere: road.canSignAlone(safe),
            };
          }),
      }),
      implement(c.strategyExecute, {
        body: qtStrategyRequest,
        response: qtStrategyExecuteResponse,
        handler: ({ body, caller }) => {
          const who = proposerOf(caller, body.coSign);
          return deps.evm.run((evm, ctx) => writer.run(evm, ctx, (reading) => planStrategy(evm, reading, body), who));
        },
      }),
      implement(c.proposals, {
        query: qtProposalListQuery,
        response: qtProposalListResponse,
        // Once per chain head for every poller; a proposal or signature stored through this API renews it at once.
        handler: ({ query }) =>
          deps.evm.run((evm) =>
            evm.atHead(`qt2:proposals:${query.status ?? "all"}:${processWrites.count}`, async () => ({
              proposals: await writer.list(evm, query.status),
            })),
          ),
      }),
      implement(c.proposal, {
        params: qtProposalParams,
        response: qtSafeProposal,
        handler: ({ params }) =>
          deps.evm
            .run(async (evm) => {
              const s = await writer.get(evm, params.safeTxHash as Hex);
              return { view: proposalView(writer.road(evm), s) };
            })
            .then((r) => r.view),
      }),
      implement(c.addSignature, {
        params: qtProposalParams,
        body: qtAddSignatureRequest,
        response: qtAddSignatureResponse,
        handler: ({ params, body }) =>
          deps.evm.run((evm, ctx) => writer.addSignature(evm, ctx, params.safeTxHash as Hex, body.signature as Hex)),
      }),
      implement(c.implementationPlan, {
        response: qtImplementationPlanResponse,
        handler: () =>
          deps.evm.run(async (evm) => {
            const road = writer.road(evm);
            const [safe, reading] = await Promise.all([road.state(), readTreasury(evm, road.safe)]);
            return {
              ...implementationPlan(reading, safe, deps.network, evm.chainId),
              blockNumber: reading.block.number.toString(),
            };
          }),
      }),
    ],
    exports: {
      // A simulated chain cannot be read: its read throws, so a figure here is always the chain's.
      vaultCollateral: () =>
        deps.evm.run((evm) => evm.atHead("qt2:vault-collateral", (head) => readVaultCollateral(evm, head.number))),
    },
  };
}
