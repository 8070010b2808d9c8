// Safe transactions as proposed: stored with the SafeTx fields, so the hash and the EIP-712 payload are
// rebuilt exactly, and the owners' signatures as they arrive (each saying whether an owner's wallet or the
// server's dev key made it), until executed.
import { and, desc, eq } from "drizzle-orm";
import { getAddress, type Address, type Hex } from "viem";
import type { Db } from "../../../db/client";
import { safeProposals, type SafeProposalRow } from "../../../db/schema";
import type { SafeOwnerSignature, SafeProposal } from "./safe-road";
import { buildSafeTransaction, safeTxHash, type Operation } from "./safe-tx";

export type StoredStatus = "pending" | "executed" | "failed";

export interface StoredSafeProposal {
  proposal: SafeProposal;
  signatures: SafeOwnerSignature[];
  status: StoredStatus;
  transactionHash: Hex | null;
  /** Whatever the proposing feature saved with it (JSON). */
  context: unknown;
  createdAt: Date;
}

function fromRow(row: SafeProposalRow): StoredSafeProposal {
  const tx = buildSafeTransaction({
    to: row.to as Address,
    value: BigInt(row.value),
    data: row.data as Hex,
    operation: row.operation as Operation,
    nonce: BigInt(row.nonce),
  });
  const hash = safeTxHash(row.chainId, row.safe as Address, tx);
  // The stored hash is the key owners signed: a row that no longer hashes to it is corrupt, never executed.
  if (hash !== row.safeTxHash) throw new Error(`safe proposal ${row.safeTxHash}: its fields hash to ${hash}`);
  return {
    proposal: {
      label: row.label,
      chainId: row.chainId,
      safe: getAddress(row.safe),
      tx,
      safeTxHash: hash,
      calls: (row.calls as { to: string; value: string; data: string }[]).map((c) => ({
        to: getAddress(c.to),
        value: BigInt(c.value),
        data: c.data as Hex,
      })),
      owners: (row.owners as string[]).map((o) => getAddress(o)),
      threshold: row.threshold,
    },
    signatures: row.signatures as SafeOwnerSignature[],
    status: row.status as StoredStatus,
    transactionHash: (row.transactionHash as Hex | null) ?? null,
    context: row.context ?? null,
    createdAt: row.createdAt,
  };
}

export class SafeProposalStore {
  constructor(private readonly db: Db) {}

  /** Stores a new proposal as pending (a proposal stored again keeps its row and signatures). */
  async save(
    p: SafeProposal,
    signatures: readonly SafeOwnerSignature[] = [],
    context: unknown = null,
  ): Promise<StoredSafeProposal> {
    await this.db
      .insert(safeProposals)
      .values({
        chainId: p.chainId,
        safeTxHash: p.safeTxHash,
        safe: p.safe,
        label: p.label,
        to: p.tx.to,
        value: p.tx.value.toString(),
        data: p.tx.data,
        operation: p.tx.operation,
        nonce: p.tx.nonce.toString(),
        calls: p.calls.map((c) => ({ to: c.to, value: (c.value ?? 0n).toString(), data: c.data })),
        owners: p.owners,
        threshold: p.threshold,
        signatures: [...signatures],
        status: "pending",
        context,
      })
      .onConflictDoNothing();
    return (await this.get(p.chainId, p.safeTxHash))!;
  }

  async get(chainId: number, hash: Hex): Promise<StoredSafeProposal | null> {
    const rows = await this.db
      .select()
      .from(safeProposals)
      .where(and(eq(safeProposals.chainId, chainId), eq(safeProposals.safeTxHash, hash.toLowerCase())));
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async list(chainId: number, status?: StoredStatus, limit = 50): Promise<StoredSafeProposal[]> {
    const rows = await this.db
      .select()
      .from(safeProposals)
      .where(
        status
          ? and(eq(safeProposals.chainId, chainId), eq(safeProposals.status, status))
          : eq(safeProposals.chainId, chainId),
      )
      .orderBy(desc(safeProposals.createdAt))
      .limit(limit);
    return rows.map(fromRow);
  }

  /** Adds an owner's signature (one per owner: a second from the same owner replaces the first). */
  async addSignature(chainId: number, hash: Hex, sig: SafeOwnerSignature): Promise<StoredSafeProposal> {
    const current = await this.get(chainId, hash);
    if (!current) throw new Error(`no safe proposal ${hash}`);
    const signatures = [...current.signatures.filter((s) => getAddress(s.owner) !== getAddress(sig.owner)), sig];
    await this.db
      .update(safeProposals)
      .set({ signatures, updatedAt: new Date() })
      .where(and(eq(safeProposals.chainId, chainId), eq(safeProposals.safeTxHash, hash.toLowerCase())));
    return { ...current, signatures };
  }

  /** Replaces what the proposing feature saved with it (e.g. that its pre-steps were sent). */
  async setContext(chainId: number, hash: Hex, context: unknown): Promise<void> {
    await this.db
      .update(safeProposals)
      .set({ context, updatedAt: new Date() })
      .where(and(eq(safeProposals.chainId, chainId), eq(safeProposals.safeTxHash, hash.toLowerCase())));
  }

  async setStatus(chainId: number, hash: Hex, status: StoredStatus, transactionHash: Hex | null = null): Promise<void> {
    await this.db
      .update(safeProposals)
      .set({ status, transactionHash, updatedAt: new Date() })
      .where(and(eq(safeProposals.chainId, chainId), eq(safeProposals.safeTxHash, hash.toLowerCase())));
  }
}
