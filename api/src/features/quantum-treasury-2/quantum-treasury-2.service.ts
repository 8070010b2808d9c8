// The treasury's writes as Safe transactions. Where the API holds the dev owners' keys (the local chain)
// each is proposed, signed by owners #1 and #2 (each signature returned) and executed by the API signer;
// elsewhere it is stored as a pending proposal whose EIP-712 payload owners sign in their own wallets,
// and POST .../proposals/:safeTxHash/signatures executes it once the threshold is met.
import { Mutex } from "async-mutex";
import type { Hex } from "viem";
import type { Db } from "../../db/client";
import { HttpError, fieldError } from "../../http/errors";
import type { EvmChain } from "../../ledgers/evm";
import type { EventIndex } from "../../ledgers/evm/event-index";
import {
  SafeProposalStore,
  SafeRoad,
  SafeSignatureError,
  type SafeOwnerSignature,
  type SafeProposal,
  type StoredSafeProposal,
} from "../../ledgers/evm/safe";
import { describeCall } from "../../ledgers/evm/safe/decode";
import type { OpContext } from "../../ledgers/selector";
import { readTreasury, type TreasuryReading } from "./quantum-treasury-2.ledger";
import type { OperationPlan } from "./quantum-treasury-2.operations";
import type { QtExecuteResponse, QtSafeProposal, QtStateSnapshot } from "./quantum-treasury-2.schemas";
import { snapshotOf } from "./quantum-treasury-2.views";

type Unsourced<T> = Omit<T, "source" | "reason">;

export interface TreasuryWriterDeps {
  db: Db;
  index: Pick<EventIndex, "waitFor">;
  /** config.evm.safeOwnerKeys: dev owners #1-#3 on the local chain, empty elsewhere. */
  ownerKeys: readonly Hex[];
}

/** How long an executed operation waits for the event index to hold its block (reads that follow see it). */
const INDEX_WAIT_MS = 3000;

export function proposalView(road: SafeRoad, p: SafeProposal, signatures: readonly SafeOwnerSignature[], status: QtSafeProposal["status"], transactionHash: Hex | null, createdAt: Date): QtSafeProposal {
  return {
    safeTxHash: p.safeTxHash,
    safe: p.safe,
    chainId: p.chainId,
    nonce: p.tx.nonce.toString(),
    to: p.tx.to,
    value: p.tx.value.toString(),
    data: p.tx.data,
    operation: p.tx.operation,
    calls: road.describe(p),
    threshold: p.threshold,
    owners: p.owners,
    signatures: [...signatures],
    status,
    typedData: road.typedData(p),
    transactionHash,
    label: p.label,
    createdAt: createdAt.toISOString(),
  };
}

export class TreasuryWriter {
  private readonly store: SafeProposalStore;
  /**
   * One Safe transaction at a time from this process: two operations proposed together would take the same
   * Safe nonce and the second would fail on chain (GS026). Queued here, each proposes on the nonce the
   * previous one left.
   */
  private readonly turn = new Mutex();
  constructor(private readonly deps: TreasuryWriterDeps) {
    this.store = new SafeProposalStore(deps.db);
  }

  road(evm: EvmChain): SafeRoad {
    return new SafeRoad(evm, { ownerKeys: this.deps.ownerKeys });
  }

  /**
   * Runs a planned operation: its pre-steps (API signer), then the Safe transaction: executed here with
   * owners #1..#threshold when the keys are held, else stored pending.
   */
  run(evm: EvmChain, ctx: OpContext, planFor: (reading: TreasuryReading) => OperationPlan): Promise<Unsourced<QtExecuteResponse>> {
    return this.turn.runExclusive(async () => {
      ctx.signal.throwIfAborted();
      // Read and checked inside the turn: the rule is applied to the state the transaction will meet.
      const reading = await readTreasury(evm, this.road(evm).safe);
      return this.runNow(evm, ctx, planFor(reading), snapshotOf(reading));
    });
  }

  private async runNow(evm: EvmChain, ctx: OpContext, plan: OperationPlan, before: QtStateSnapshot): Promise<Unsourced<QtExecuteResponse>> {
    const road = this.road(evm);
    const steps: QtExecuteResponse["steps"] = [];
    for (const step of plan.steps) {
      const sent = await evm.write({ contract: step.contract, functionName: step.functionName, args: step.args }, ctx);
      steps.push({ label: step.label, transactionHash: sent.transactionHash, block: sent.receipt?.blockNumber.toString() ?? null, call: describeCall(evm.chainId, step.call) });
    }
    const proposal = await road.propose(plan.calls, { label: plan.operation });
    const calls = road.describe(proposal);
    if (!road.canSignAlone(proposal)) {
      const stored = await this.store.save(proposal, [], { operation: plan.operation, before });
      return {
        operation: plan.operation,
        status: "pending",
        safeTxHash: proposal.safeTxHash,
        nonce: proposal.tx.nonce.toString(),
        threshold: proposal.threshold,
        signatures: stored.signatures,
        steps,
        calls,
        transactionHash: null,
        block: null,
        before,
        after: null,
        proposal: proposalView(road, proposal, stored.signatures, "pending", null, stored.createdAt),
      };
    }
    const signatures = await road.signWithDevOwners(proposal);
    const exec = await road.execute(proposal, signatures, ctx);
    if (exec.blockNumber !== null) await this.deps.index.waitFor(exec.blockNumber, INDEX_WAIT_MS);
    const after = snapshotOf(await readTreasury(evm, road.safe));
    return {
      operation: plan.operation,
      status: "executed",
      safeTxHash: proposal.safeTxHash,
      nonce: proposal.tx.nonce.toString(),
      threshold: proposal.threshold,
      signatures,
      steps,
      calls,
      transactionHash: exec.transactionHash,
      block: exec.blockNumber?.toString() ?? null,
      before,
      after,
      proposal: null,
    };
  }

  async list(evm: EvmChain, status?: "pending" | "executed" | "failed"): Promise<QtSafeProposal[]> {
    const road = this.road(evm);
    const rows = await this.store.list(evm.chainId, status);
    return rows.map((s) => proposalView(road, s.proposal, s.signatures, s.status, s.transactionHash, s.createdAt));
  }

  async get(evm: EvmChain, hash: Hex): Promise<StoredSafeProposal> {
    const stored = await this.store.get(evm.chainId, hash);
    if (!stored) throw new HttpError("NOT_FOUND", `No Safe proposal ${hash} on chain ${evm.chainId}`);
    return stored;
  }

  /**
   * An owner's signature made elsewhere: checked (it must recover to an owner), stored, and once the
   * threshold is met the Safe transaction is executed by the API signer.
   */
  addSignature(evm: EvmChain, ctx: OpContext, hash: Hex, signature: Hex) {
    return this.turn.runExclusive(() => this.addSignatureNow(evm, ctx, hash, signature));
  }

  private async addSignatureNow(evm: EvmChain, ctx: OpContext, hash: Hex, signature: Hex) {
    const road = this.road(evm);
    const stored = await this.get(evm, hash);
    const { proposal } = stored;
    if (stored.status !== "pending") throw new HttpError("CONFLICT", `Safe proposal ${hash} is ${stored.status}${stored.transactionHash ? ` (transaction ${stored.transactionHash})` : ""}`);
    const state = await road.state();
    if (state.nonce > proposal.tx.nonce) {
      await this.store.setStatus(evm.chainId, hash, "failed");
      throw new HttpError("CONFLICT", `The Safe's nonce is now ${state.nonce}; this proposal (nonce ${proposal.tx.nonce}) can no longer execute. Propose it again.`);
    }
    let sig: SafeOwnerSignature;
    try {
      sig = await road.verifySignature(proposal, signature);
    } catch (err) {
      if (err instanceof SafeSignatureError) throw fieldError("signature", err.message);
      throw err;
    }
    const updated = await this.store.addSignature(evm.chainId, hash, sig);
    let transactionHash: Hex | null = null;
    let block: string | null = null;
    let status: QtSafeProposal["status"] = "pending";
    let after: QtStateSnapshot | null = null;
    if (updated.signatures.length >= proposal.threshold && state.nonce === proposal.tx.nonce) {
      const outcome = await road.attemptExecute(proposal, updated.signatures, ctx);
      if (!outcome.executed) throw new HttpError("LEDGER_REJECTED", `The Safe refused to execute ${hash} with ${outcome.signatureCount} signatures: ${outcome.reason}`, { ledger: "ethereum" });
      transactionHash = outcome.transactionHash;
      block = outcome.blockNumber?.toString() ?? null;
      status = "executed";
      await this.store.setStatus(evm.chainId, hash, "executed", transactionHash);
      if (outcome.blockNumber !== null) await this.deps.index.waitFor(outcome.blockNumber, INDEX_WAIT_MS);
      after = snapshotOf(await readTreasury(evm, road.safe));
    }
    return {
      proposal: proposalView(road, proposal, updated.signatures, status, transactionHash, stored.createdAt),
      transactionHash,
      block,
      after,
      before: (stored.context as { before?: QtStateSnapshot } | null)?.before ?? null,
    };
  }
}
