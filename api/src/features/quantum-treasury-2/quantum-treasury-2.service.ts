// The treasury's writes as Safe transactions. A signed-in wallet proposes: the SafeTx is stored with who
// proposed it and waits for the owners, who sign its EIP-712 payload with their own wallets (POST
// .../proposals/:safeTxHash/signatures); the signature that meets the threshold executes it (the API signer
// sends and pays). Only when an operator asks explicitly (`coSign: "dev-keys"`) and this API holds the local
// chain's public dev owner keys does the server sign as those owners and execute at once, each signature
// labelled as the server's. Nothing moves while a proposal waits: its pre-steps (mock USDC issued to the Safe
// on the local chain) are sent just before it executes.
import { Mutex } from "async-mutex";
import type { Address, Hex } from "viem";
import type { Db } from "../../db/client";
import { HttpError, fieldError } from "../../http/errors";
import type { EvmChain } from "../../ledgers/evm";
import type { EventIndex } from "../../ledgers/evm/event-index";
import {
  SafeProposalStore,
  SafeRoad,
  SafeSignatureError,
  signatureLabel,
  type SafeOwnerSignature,
  type SafeProposal,
  type StoredSafeProposal,
} from "../../ledgers/evm/safe";
import { describeCall } from "../../ledgers/evm/safe/decode";
import type { OpContext } from "../../ledgers/selector";
import { readTreasury, type TreasuryReading } from "./quantum-treasury-2.ledger";
import type { OperationPlan, PreStep } from "./quantum-treasury-2.operations";
import type {
  QtAddSignatureResponse,
  QtExecuteResponse,
  QtSafeProposal,
  QtSafeSignature,
  QtStateSnapshot,
  QtStep,
} from "./quantum-treasury-2.schemas";
import { snapshotOf } from "./quantum-treasury-2.views";

type Unsourced<T> = Omit<T, "source" | "reason">;

export interface TreasuryWriterDeps {
  db: Db;
  index: Pick<EventIndex, "waitFor">;
  /** config.evm.safeOwnerKeys: dev owners #1-#3 on the local chain, empty elsewhere. */
  ownerKeys: readonly Hex[];
}

/** Who asks, and whether the server is to co-sign with the dev owners' keys (an operator's explicit request). */
export interface ProposeOptions {
  proposedBy: Address;
  coSign: boolean;
}

/** A pre-step as stored with its proposal (JSON: the amount as text). */
interface StoredPreStep {
  label: string;
  to: Address;
  data: Hex;
  contract: PreStep["contract"];
  functionName: PreStep["functionName"];
  args: [Address, string];
}

/** What the treasury saves with each proposal (the store's `context`). */
interface ProposalContext {
  operation?: string;
  before?: QtStateSnapshot;
  proposedBy?: Address | null;
  preSteps?: StoredPreStep[];
  /** The pre-steps once sent (so a retried execution never issues the USDC twice). */
  preStepsSent?: QtStep[];
}

/** How long an executed operation waits for the event index to hold its block (reads that follow see it). */
const INDEX_WAIT_MS = 3000;

const contextOf = (s: Pick<StoredSafeProposal, "context">): ProposalContext =>
  s.context && typeof s.context === "object" ? (s.context as ProposalContext) : {};

const storePreStep = (s: PreStep): StoredPreStep => ({
  label: s.label,
  to: s.call.to,
  data: s.call.data,
  contract: s.contract,
  functionName: s.functionName,
  args: [s.args[0], s.args[1].toString()],
});

export function signatureView(s: SafeOwnerSignature): QtSafeSignature {
  const by = s.by ?? "owner-wallet";
  return {
    owner: s.owner,
    signature: s.signature,
    method: s.method,
    by,
    devOwner: by === "server-dev-key" ? (s.devOwner ?? null) : null,
    label: signatureLabel({ by, devOwner: s.devOwner }),
  };
}

export function proposalView(
  road: SafeRoad,
  s: Pick<StoredSafeProposal, "proposal" | "signatures" | "status" | "transactionHash" | "createdAt" | "context">,
): QtSafeProposal {
  const p: SafeProposal = s.proposal;
  const context = contextOf(s);
  return {
    safeTxHash: p.safeTxHash,
    safe: p.safe,
    chainId: p.chainId,
    nonce: p.tx.nonce.toString(),
    to: p.tx.to,
    value: p.tx.value.toString(),
    data: p.tx.data,
    operation: p.tx.operation,
    safeTxGas: p.tx.safeTxGas.toString(),
    baseGas: p.tx.baseGas.toString(),
    gasPrice: p.tx.gasPrice.toString(),
    gasToken: p.tx.gasToken,
    refundReceiver: p.tx.refundReceiver,
    calls: road.describe(p),
    preSteps: (context.preSteps ?? []).map((step) => ({
      label: step.label,
      call: describeCall(p.chainId, { to: step.to, data: step.data }),
    })),
    proposedBy: context.proposedBy ?? null,
    threshold: p.threshold,
    owners: p.owners,
    signatures: s.signatures.map(signatureView),
    status: s.status,
    typedData: road.typedData(p),
    transactionHash: s.transactionHash,
    label: p.label,
    createdAt: s.createdAt.toISOString(),
  };
}

export class TreasuryWriter {
  private readonly store: SafeProposalStore;
  /**
   * One Safe transaction at a time from this process: two operations executed together would take the same
   * Safe nonce and the second would fail on chain (GS026). Queued here, each reads the nonce the previous left.
   */
  private readonly turn = new Mutex();
  constructor(private readonly deps: TreasuryWriterDeps) {
    this.store = new SafeProposalStore(deps.db);
  }

  road(evm: EvmChain): SafeRoad {
    return new SafeRoad(evm, { ownerKeys: this.deps.ownerKeys });
  }

  /**
   * A planned operation as a Safe transaction: stored pending with its proposer (the owners sign it in their
   * wallets), or, when an operator asked for it, signed with the dev owners' keys here and executed.
   */
  run(
    evm: EvmChain,
    ctx: OpContext,
    planFor: (reading: TreasuryReading) => OperationPlan,
    opts: ProposeOptions,
  ): Promise<Unsourced<QtExecuteResponse>> {
    return this.turn.runExclusive(async () => {
      ctx.signal.throwIfAborted();
      const road = this.road(evm);
      // Read and checked inside the turn: the rule is applied to the state the transaction will meet.
      const reading = await readTreasury(evm, road.safe);
      const plan = planFor(reading);
      const before = snapshotOf(reading);
      if (!opts.coSign) return this.proposeNow(road, plan, before, opts.proposedBy);
      const state = await road.state();
      if (!road.canSignAlone(state)) {
        const held = road.heldOwnerKeys(state).length;
        throw fieldError(
          "coSign",
          `this API holds ${held} of the ${state.threshold} owner keys the Safe needs on ${evm.network} (chain ${evm.chainId}): dev owner keys exist only on the local chain with SAFE_DEV_OWNERS=on. Propose without coSign and let the owners sign with their wallets.`,
        );
      }
      return this.coSignNow(evm, ctx, road, plan, before, opts.proposedBy);
    });
  }

  private async proposeNow(
    road: SafeRoad,
    plan: OperationPlan,
    before: QtStateSnapshot,
    proposedBy: Address,
  ): Promise<Unsourced<QtExecuteResponse>> {
    // With pre-steps (mock USDC the Safe does not hold yet) the batch cannot be pre-flighted now; the Safe's
    // dry run at execution says why if it would fail, and nothing is sent then.
    const proposal = await road.propose(plan.calls, { label: plan.operation, preflight: plan.steps.length === 0 });
    const context: ProposalContext = {
      operation: plan.operation,
      before,
      proposedBy,
      preSteps: plan.steps.map(storePreStep),
    };
    const stored = await this.store.save(proposal, [], context);
    const view = proposalView(road, stored);
    return {
      operation: plan.operation,
      status: "pending",
      safeTxHash: proposal.safeTxHash,
      nonce: proposal.tx.nonce.toString(),
      threshold: proposal.threshold,
      signatures: view.signatures,
      steps: [],
      calls: view.calls,
      transactionHash: null,
      block: null,
      before,
      after: null,
      proposal: view,
    };
  }

  private async coSignNow(
    evm: EvmChain,
    ctx: OpContext,
    road: SafeRoad,
    plan: OperationPlan,
    before: QtStateSnapshot,
    proposedBy: Address,
  ): Promise<Unsourced<QtExecuteResponse>> {
    const steps = await this.sendPreSteps(evm, ctx, plan.steps.map(storePreStep));
    const proposal = await road.propose(plan.calls, { label: plan.operation });
    const signatures = await road.signWithDevOwners(proposal);
    const context: ProposalContext = {
      operation: plan.operation,
      before,
      proposedBy,
      preSteps: plan.steps.map(storePreStep),
      preStepsSent: steps,
    };
    const stored = await this.store.save(proposal, signatures, context);
    let exec;
    try {
      exec = await road.execute(proposal, signatures, ctx);
    } catch (err) {
      await this.store.setStatus(evm.chainId, proposal.safeTxHash, "failed");
      throw err;
    }
    await this.store.setStatus(evm.chainId, proposal.safeTxHash, "executed", exec.transactionHash);
    if (exec.blockNumber !== null) await this.deps.index.waitFor(exec.blockNumber, INDEX_WAIT_MS);
    const around = await this.readAround(evm, road.safe, steps, exec.blockNumber, before);
    const view = proposalView(road, {
      ...stored,
      signatures,
      status: "executed",
      transactionHash: exec.transactionHash,
    });
    return {
      operation: plan.operation,
      status: "executed",
      safeTxHash: proposal.safeTxHash,
      nonce: proposal.tx.nonce.toString(),
      threshold: proposal.threshold,
      signatures: view.signatures,
      steps,
      calls: view.calls,
      transactionHash: exec.transactionHash,
      block: exec.blockNumber?.toString() ?? null,
      before: around.before,
      after: around.after,
      proposal: view,
    };
  }

  /**
   * The state just before this operation's first transaction and at its execution block: the chain is shared, and a
   * reading at "latest" would put another visitor's mint sent meanwhile into the change shown as this operation's.
   * Exact for a Safe transaction alone; with pre-steps, whatever others sent between them and the execution is in
   * it too. When the execution's block is unknown: `otherwise` before, and the latest block after.
   */
  private async readAround<B extends QtStateSnapshot | null>(
    evm: EvmChain,
    safe: Address,
    steps: readonly QtStep[],
    executedIn: bigint | null,
    otherwise: B,
  ): Promise<{ before: QtStateSnapshot | B; after: QtStateSnapshot }> {
    if (executedIn === null) return { before: otherwise, after: snapshotOf(await readTreasury(evm, safe)) };
    const first = steps.reduce(
      (min, s) => (s.block !== null && BigInt(s.block) < min ? BigInt(s.block) : min),
      executedIn,
    );
    const [before, after] = await Promise.all([
      readTreasury(evm, safe, first - 1n),
      readTreasury(evm, safe, executedIn),
    ]);
    return { before: snapshotOf(before), after: snapshotOf(after) };
  }

  /** Sends the API signer's own transactions that must precede the Safe transaction (mock USDC to the Safe). */
  private async sendPreSteps(evm: EvmChain, ctx: OpContext, steps: readonly StoredPreStep[]): Promise<QtStep[]> {
    const sent: QtStep[] = [];
    for (const step of steps) {
      const args = [step.args[0], BigInt(step.args[1])] as const;
      const out = await evm.write({ contract: step.contract, functionName: step.functionName, args }, ctx);
      sent.push({
        label: step.label,
        transactionHash: out.transactionHash,
        block: out.receipt?.blockNumber.toString() ?? null,
        call: describeCall(evm.chainId, { to: step.to, data: step.data }),
      });
    }
    return sent;
  }

  async list(evm: EvmChain, status?: "pending" | "executed" | "failed"): Promise<QtSafeProposal[]> {
    const road = this.road(evm);
    const rows = await this.store.list(evm.chainId, status);
    return rows.map((s) => proposalView(road, s));
  }

  async get(evm: EvmChain, hash: Hex): Promise<StoredSafeProposal> {
    const stored = await this.store.get(evm.chainId, hash);
    if (!stored) throw new HttpError("NOT_FOUND", `No Safe proposal ${hash} on chain ${evm.chainId}`);
    return stored;
  }

  /**
   * An owner's signature made in their own wallet: checked (it must recover to an owner; anything else is
   * refused and nothing is stored), stored, and once the threshold is met the proposal's pre-steps are sent
   * and the Safe transaction is executed by the API signer.
   */
  addSignature(evm: EvmChain, ctx: OpContext, hash: Hex, signature: Hex) {
    return this.turn.runExclusive(() => this.addSignatureNow(evm, ctx, hash, signature));
  }

  private async addSignatureNow(
    evm: EvmChain,
    ctx: OpContext,
    hash: Hex,
    signature: Hex,
  ): Promise<Unsourced<QtAddSignatureResponse>> {
    const road = this.road(evm);
    const stored = await this.get(evm, hash);
    const { proposal } = stored;
    if (stored.status !== "pending")
      throw new HttpError(
        "CONFLICT",
        `Safe proposal ${hash} is ${stored.status}${stored.transactionHash ? ` (transaction ${stored.transactionHash})` : ""}`,
      );
    const state = await road.state();
    if (state.nonce > proposal.tx.nonce) {
      await this.store.setStatus(evm.chainId, hash, "failed");
      throw new HttpError(
        "CONFLICT",
        `The Safe's nonce is now ${state.nonce}; this proposal (nonce ${proposal.tx.nonce}) can no longer execute. Propose it again.`,
      );
    }
    let sig: SafeOwnerSignature;
    try {
      sig = await road.verifySignature(proposal, signature);
    } catch (err) {
      if (err instanceof SafeSignatureError) throw fieldError("signature", err.message);
      throw err;
    }
    const updated = await this.store.addSignature(evm.chainId, hash, sig);
    let context = contextOf(stored);
    let transactionHash: Hex | null = null;
    let block: string | null = null;
    let status: QtSafeProposal["status"] = "pending";
    let before = context.before ?? null;
    let after: QtStateSnapshot | null = null;
    let steps: QtStep[] = [];
    if (updated.signatures.length >= proposal.threshold && state.nonce === proposal.tx.nonce) {
      if ((context.preSteps?.length ?? 0) > 0 && !context.preStepsSent) {
        steps = await this.sendPreSteps(evm, ctx, context.preSteps!);
        context = { ...context, preStepsSent: steps };
        await this.store.setContext(evm.chainId, hash, context);
      }
      const outcome = await road.attemptExecute(proposal, updated.signatures, ctx);
      if (!outcome.executed)
        throw new HttpError(
          "LEDGER_REJECTED",
          `The Safe refused to execute ${hash} with ${outcome.signatureCount} signatures: ${outcome.reason}`,
          { ledger: "ethereum" },
        );
      transactionHash = outcome.transactionHash;
      block = outcome.blockNumber?.toString() ?? null;
      status = "executed";
      await this.store.setStatus(evm.chainId, hash, "executed", transactionHash);
      if (outcome.blockNumber !== null) await this.deps.index.waitFor(outcome.blockNumber, INDEX_WAIT_MS);
      // Around its own transactions (pre-steps sent now or by an earlier attempt), not from when it was proposed.
      ({ before, after } = await this.readAround(
        evm,
        road.safe,
        context.preStepsSent ?? steps,
        outcome.blockNumber,
        before,
      ));
    }
    return {
      proposal: proposalView(road, { ...updated, context, status, transactionHash }),
      transactionHash,
      block,
      steps,
      after,
      before,
    };
  }
}
