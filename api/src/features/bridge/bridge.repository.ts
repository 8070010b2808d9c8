// The bridge's records: transfers (the state machine), the readers' cursors and the relayer lease. Every
// transition is here and is one conditional UPDATE: it applies only when the row is still in the state the
// caller read and has not changed since (updated_at), so two relayers, or a relayer and a stale retry, can
// never both act on one transfer. A new transfer is an INSERT … ON CONFLICT DO NOTHING: a lock seen twice,
// or an inbound source transaction replayed, finds the row already there.
import { noteProcessWrite } from "../../shared/process-writes";
import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bridgeCursors, bridgeLease, bridgeTransfers, type BridgeTransferRow } from "../../db/schema";
import type { BridgeDirection, BridgeLedger, BridgeState } from "./bridge.constants";
import type { BridgeTransfer, EvmSide, HistoryEntry, RemoteSide } from "./bridge.schemas";

/** The delivery as signed and stored before it left (the relayer resubmits or re-signs from it after a restart). */
export interface SignedDelivery {
  hash: string;
  /** Stellar envelope XDR (base64) / XRPL tx_blob (hex). */
  blob: string;
  sequence: string;
  /** Stellar: the timebounds' maxTime. */
  expiresAt: string | null;
  /** XRPL: the LastLedgerSequence. */
  lastLedgerSequence: number | null;
}

export interface TransferKey {
  chainId: number;
  run: string;
  id: string;
}

export interface NewTransfer extends TransferKey {
  direction: BridgeDirection;
  state: BridgeState;
  ledger: BridgeLedger;
  evmAddress: string | null;
  evm: EvmSide;
  remote: RemoteSide;
  deadlineAt: Date | null;
  error?: string | null;
  batchId?: string | null;
  note: string;
  hash?: string | null;
}

export interface TransferPatch {
  evm?: Partial<EvmSide>;
  remote?: Partial<RemoteSide>;
  /** undefined: unchanged; null: cleared. */
  signed?: SignedDelivery | null;
  error?: string | null;
  addAttempt?: boolean;
  /** The history line this change writes (always one: every change says what happened). */
  note: string;
  hash?: string | null;
}

/** The run id of inbound transfers: their key is the source transaction, whatever the EVM chain's run. */
export const INBOUND_RUN = "inbound";

export class BridgeRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the transfer unless one with its key exists; the row, or null when it was there already. */
  async insert(t: NewTransfer): Promise<BridgeTransferRow | null> {
    const now = new Date();
    const rows = await this.db
      .insert(bridgeTransfers)
      .values({
        chainId: t.chainId,
        run: t.run,
        id: t.id,
        direction: t.direction,
        state: t.state,
        ledger: t.ledger,
        evmAddress: t.evmAddress?.toLowerCase() ?? null,
        evm: t.evm,
        remote: t.remote,
        signed: null,
        deadlineAt: t.deadlineAt,
        attempts: 0,
        error: t.error ?? null,
        timestamps: { [t.state]: now.toISOString() },
        history: [{ state: t.state, at: now.toISOString(), hash: t.hash ?? null, note: t.note } satisfies HistoryEntry],
        batchId: t.batchId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // The relayer inserts and moves transfers in the background: the reads' caches must see it at once.
    if (rows[0]) noteProcessWrite();
    return rows[0] ?? null;
  }

  /**
   * Moves `row` from its state to `to` (or patches it in place when `to` is its state), only if the row is
   * unchanged since it was read. The new row, or null when another actor got there first.
   */
  async transition(row: BridgeTransferRow, to: BridgeState, patch: TransferPatch): Promise<BridgeTransferRow | null> {
    const now = new Date();
    const at = now.toISOString();
    const timestamps = { ...(row.timestamps as Record<string, string>) };
    if (to !== row.state) timestamps[to] = at;
    const history = [...(row.history as HistoryEntry[]), { state: to, at, hash: patch.hash ?? null, note: patch.note }];
    const rows = await this.db
      .update(bridgeTransfers)
      .set({
        state: to,
        evm: patch.evm ? { ...(row.evm as EvmSide), ...patch.evm } : (row.evm as EvmSide),
        remote: patch.remote ? { ...(row.remote as RemoteSide), ...patch.remote } : (row.remote as RemoteSide),
        ...(patch.signed !== undefined ? { signed: patch.signed } : {}),
        ...(patch.error !== undefined ? { error: patch.error } : {}),
        attempts: row.attempts + (patch.addAttempt ? 1 : 0),
        timestamps,
        history,
        updatedAt: now,
      })
      .where(
        and(
          eq(bridgeTransfers.chainId, row.chainId),
          eq(bridgeTransfers.run, row.run),
          eq(bridgeTransfers.id, row.id),
          eq(bridgeTransfers.state, row.state),
          eq(bridgeTransfers.updatedAt, row.updatedAt),
        ),
      )
      .returning();
    if (rows[0]) noteProcessWrite();
    return rows[0] ?? null;
  }

  async get(key: TransferKey): Promise<BridgeTransferRow | null> {
    const rows = await this.db
      .select()
      .from(bridgeTransfers)
      .where(
        and(eq(bridgeTransfers.chainId, key.chainId), eq(bridgeTransfers.run, key.run), eq(bridgeTransfers.id, key.id)),
      );
    return rows[0] ?? null;
  }

  /** The newest transfer with this id (an outbound nonce repeats on a restarted local chain: its latest run). */
  async byId(chainId: number, id: string): Promise<BridgeTransferRow | null> {
    const rows = await this.db
      .select()
      .from(bridgeTransfers)
      .where(and(eq(bridgeTransfers.chainId, chainId), eq(bridgeTransfers.id, id)))
      .orderBy(desc(bridgeTransfers.createdAt))
      .limit(1);
    return rows[0] ?? null;
  }

  async list(
    chainId: number,
    opts: { address?: string; batchId?: string; limit?: number } = {},
  ): Promise<BridgeTransferRow[]> {
    const where = [eq(bridgeTransfers.chainId, chainId)];
    if (opts.address) where.push(eq(bridgeTransfers.evmAddress, opts.address.toLowerCase()));
    if (opts.batchId) where.push(eq(bridgeTransfers.batchId, opts.batchId));
    return this.db
      .select()
      .from(bridgeTransfers)
      .where(and(...where))
      .orderBy(desc(bridgeTransfers.createdAt))
      .limit(opts.limit ?? 200);
  }

  /**
   * Transfers the relayer still has work on, oldest first: inbound ones, and outbound locks of the chain run
   * `run` only (a lock of an earlier run of a restarted local chain has no escrow behind it any more:
   * delivering it would issue unbacked XQB, refunding it would pay from the new escrow).
   */
  async pending(chainId: number, states: readonly BridgeState[], run: string | null): Promise<BridgeTransferRow[]> {
    return this.db
      .select()
      .from(bridgeTransfers)
      .where(
        and(
          eq(bridgeTransfers.chainId, chainId),
          inArray(bridgeTransfers.state, [...states]),
          run
            ? or(eq(bridgeTransfers.run, run), eq(bridgeTransfers.run, INBOUND_RUN))
            : eq(bridgeTransfers.run, INBOUND_RUN),
        ),
      )
      .orderBy(bridgeTransfers.createdAt)
      .limit(100);
  }

  /** Sum of `evm.amount` (base units) and count per state, for the summary. */
  async totals(
    chainId: number,
    run: string | null,
  ): Promise<{ state: string; direction: string; count: number; amount: bigint }[]> {
    const rows = await this.db
      .select({
        state: bridgeTransfers.state,
        direction: bridgeTransfers.direction,
        count: sql<number>`count(*)::int`,
        amount: sql<string>`coalesce(sum((${bridgeTransfers.evm}->>'amount')::numeric), 0)::text`,
      })
      .from(bridgeTransfers)
      .where(
        and(
          eq(bridgeTransfers.chainId, chainId),
          // Outbound locks of the current chain run only (an earlier run's escrow is gone); inbound always.
          run ? or(eq(bridgeTransfers.run, run), eq(bridgeTransfers.run, INBOUND_RUN)) : undefined,
        ),
      )
      .groupBy(bridgeTransfers.state, bridgeTransfers.direction);
    return rows.map((r) => ({
      state: r.state,
      direction: r.direction,
      count: r.count,
      amount: BigInt(r.amount.split(".")[0] ?? "0"),
    }));
  }

  // ---- cursors -----------------------------------------------------------------------------------

  async cursor(name: string): Promise<string | null> {
    const rows = await this.db.select().from(bridgeCursors).where(eq(bridgeCursors.name, name));
    return rows[0]?.value ?? null;
  }

  async setCursor(name: string, value: string): Promise<void> {
    await this.db
      .insert(bridgeCursors)
      .values({ name, value, updatedAt: new Date() })
      .onConflictDoUpdate({ target: bridgeCursors.name, set: { value, updatedAt: new Date() } });
  }

  // ---- the lease ---------------------------------------------------------------------------------

  /** Takes or renews the lease for `holder` (when free, expired or already its own); true when held. */
  async acquireLease(name: string, holder: string, ttlMs: number, lastError: string | null): Promise<boolean> {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + ttlMs);
    const rows = await this.db
      .insert(bridgeLease)
      .values({ name, holder, expiresAt, heartbeatAt: now, lastError })
      .onConflictDoUpdate({
        target: bridgeLease.name,
        set: { holder, expiresAt, heartbeatAt: now, lastError },
        setWhere: or(eq(bridgeLease.holder, holder), lt(bridgeLease.expiresAt, now)),
      })
      .returning({ holder: bridgeLease.holder });
    return rows[0]?.holder === holder;
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    await this.db.delete(bridgeLease).where(and(eq(bridgeLease.name, name), eq(bridgeLease.holder, holder)));
  }

  async lease(
    name: string,
  ): Promise<{ holder: string; expiresAt: Date; heartbeatAt: Date; lastError: string | null } | null> {
    const rows = await this.db.select().from(bridgeLease).where(eq(bridgeLease.name, name));
    return rows[0] ?? null;
  }
}

/** The API's view of a row (bridge.schemas.ts bridgeTransfer). */
/** A stored transfer as the API answers it; `currentRun` (the chain's genesis hash, null when unread) dates its lock. */
export function toTransfer(row: BridgeTransferRow, currentRun: string | null): BridgeTransfer {
  const remote = row.remote as RemoteSide;
  return {
    id: row.id,
    direction: row.direction as BridgeDirection,
    state: row.state as BridgeState,
    chainRun:
      row.direction === "inbound"
        ? "inbound"
        : currentRun === null
          ? "unknown"
          : row.run.toLowerCase() === currentRun.toLowerCase()
            ? "current"
            : "earlier",
    evm: row.evm as EvmSide,
    destination: row.direction === "outbound" ? remote : null,
    origin: row.direction === "inbound" ? remote : null,
    deadlineAt: row.deadlineAt?.toISOString() ?? null,
    attempts: row.attempts,
    error: row.error,
    timestamps: row.timestamps as BridgeTransfer["timestamps"],
    history: row.history as HistoryEntry[],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
