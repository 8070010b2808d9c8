// The log as answered: rows with their explorer link and, on the local chain, whether they belong to an earlier run
// of the node; pages, counts and options read from the view and shared for a moment by every caller asking the same.
import { explorerTxUrl as evmExplorerTxUrl } from "../../ledgers/evm/live";
import { explorerTxUrl as stellarExplorerTxUrl } from "../../ledgers/stellar/client";
import { explorerTxUrl as xrplExplorerTxUrl } from "../../ledgers/xrpl/client";
import type { Db } from "../../db/client";
import { BinaryAnswer } from "../../http/route";
import { fieldError } from "../../http/errors";
import { MomentCache, momentary } from "../../shared/moment-cache";
import { decodeCursor, encodeCursor, type Position } from "./operations-log.cursor";
import { operationsCsv } from "./operations-log.csv";
import { createOperationsRepository, type StoredOperation } from "./operations-log.repository";
import {
  CSV_TOTAL_HEADER,
  CSV_TRUNCATED_HEADER,
  LOCAL_LEDGER,
  OPERATIONS_CSV_MAX_ROWS,
  type OperationRow,
  type OperationsFilters,
  type OperationsQuery,
  type OperationsResponse,
} from "./operations-log.schemas";

/** The local chain the API is on: its run (genesis hash) and when that run began (the genesis block's time). */
export interface LocalChainRun {
  /** The current run's genesis hash; null when the node has not been reached. */
  instance(): string | null;
  /** When the run named `instance` began; null when it cannot be read now. */
  startedAt(instance: string): Promise<Date | null>;
}

export interface OperationsLogDeps {
  db: Db;
  /** Null when the API is not on the local chain: no row can then be told to be from an earlier run. */
  localChain: LocalChainRun | null;
  /** The explorer of the EVM chain the API is on (Sepolia's; none for the local chain). */
  evmExplorer: { ledger: string; baseUrl: string | null };
}

/** How long the genesis block's read may take before the log answers without the run's start. */
const START_READ_MS = 1500;

interface CurrentRun {
  instance: string | null;
  startedAt: Date | null;
}

export function createOperationsLogService(deps: OperationsLogDeps) {
  const repo = createOperationsRepository(deps.db);
  // A crowd on the log's first page (or the same filters) costs one set of queries per moment, not one per visitor.
  const pages = new MomentCache<string, OperationsResponse>(1000, 256);
  const options = momentary(() => repo.options());
  // Every page of one filter shares its count: walking the pages costs one page query each.
  const counts = new MomentCache<string, number>(1000, 256);
  const countOf = (f: OperationsFilters) =>
    counts.get(JSON.stringify([f.ledger, f.feature, f.source, f.wallet?.toLowerCase()]), () => repo.count(f));
  const started = new Map<string, Date>();

  async function currentRun(): Promise<CurrentRun> {
    const instance = deps.localChain?.instance() ?? null;
    if (!deps.localChain || !instance) return { instance, startedAt: null };
    let at = started.get(instance) ?? null;
    if (!at) {
      // The node answers at once or not at all here: a hung node must not hold the log back.
      const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), START_READ_MS).unref());
      at = await Promise.race([deps.localChain.startedAt(instance).catch(() => null), timeout]);
      if (at) started.set(instance, at);
    }
    return { instance, startedAt: at };
  }

  /** A live transaction's explorer page: the one its record stored, else the ledger's explorer where it has one. */
  function linkOf(r: StoredOperation): string | null {
    if (r.source !== "live") return null;
    if (r.explorerUrl) return r.explorerUrl;
    if (r.ledger === "stellar-testnet") return stellarExplorerTxUrl(r.hash);
    if (r.ledger === "xrpl-testnet") return xrplExplorerTxUrl(r.hash);
    return r.ledger === deps.evmExplorer.ledger ? evmExplorerTxUrl(deps.evmExplorer.baseUrl, r.hash) : null;
  }

  /**
   * A local-chain row's run: the one its record names, else (tables that keep none) before or after the current run
   * began. An indexed event always names its run; only recorded times are compared with the run's start.
   */
  function earlierRunOf(r: StoredOperation, run: CurrentRun): boolean | null {
    if (r.ledger !== LOCAL_LEDGER || !run.instance) return null;
    if (r.chainInstance) return r.chainInstance !== run.instance;
    if (!run.startedAt || r.clock !== "recorded") return null;
    return r.at.getTime() < run.startedAt.getTime();
  }

  const toRow = (r: StoredOperation, run: CurrentRun): OperationRow => ({
    id: r.id,
    at: r.at.toISOString(),
    clock: r.clock as OperationRow["clock"],
    feature: r.feature,
    ledger: r.ledger,
    kind: r.kind,
    hash: r.hash,
    status: r.status,
    source: r.source as OperationRow["source"],
    reason: r.reason,
    wallet: r.wallet,
    chainInstance: r.chainInstance,
    earlierRun: earlierRunOf(r, run),
    link: linkOf(r),
    detail: r.detail,
  });

  const position = (r: StoredOperation): Position => ({ at: r.atText, id: r.id });

  async function load(q: OperationsQuery): Promise<OperationsResponse> {
    const filters: OperationsFilters = { ledger: q.ledger, feature: q.feature, source: q.source, wallet: q.wallet };
    const cursor = q.cursor ? decodeCursor(q.cursor) : null;
    if (q.cursor && !cursor) throw fieldError("cursor", "must be a nextCursor or prevCursor from a previous page");
    const [run, total, opts] = await Promise.all([currentRun(), countOf(filters), options()]);
    let rows: StoredOperation[];
    let nextCursor: string | null;
    let prevCursor: string | null;
    const newer = cursor?.direction === "newer" ? await repo.page(filters, q.limit + 1, "newer", cursor) : null;
    if (newer && newer.length > q.limit) {
      rows = newer.slice(0, q.limit).reverse();
      prevCursor = encodeCursor("newer", position(rows[0]!));
      nextCursor = encodeCursor("older", position(rows[rows.length - 1]!));
    } else {
      // Older rows, or the newest page: a step back that reaches the top shows the whole first page, not a short one.
      const from = cursor?.direction === "older" ? cursor : null;
      const fetched = await repo.page(filters, q.limit + 1, "older", from);
      rows = fetched.slice(0, q.limit);
      nextCursor = fetched.length > q.limit ? encodeCursor("older", position(rows[rows.length - 1]!)) : null;
      prevCursor = from ? encodeCursor("newer", rows[0] ? position(rows[0]) : from) : null;
    }
    return {
      rows: rows.map((r) => toRow(r, run)),
      nextCursor,
      prevCursor,
      total,
      limit: q.limit,
      options: opts,
      localChain: { instance: run.instance, startedAt: run.startedAt?.toISOString() ?? null },
      csvMaxRows: OPERATIONS_CSV_MAX_ROWS,
    };
  }

  return {
    list(q: OperationsQuery): Promise<OperationsResponse> {
      const key = JSON.stringify([q.ledger, q.feature, q.source, q.wallet?.toLowerCase(), q.limit, q.cursor]);
      return pages.get(key, () => load(q));
    },

    /** The filters' rows as CSV, newest first, at most OPERATIONS_CSV_MAX_ROWS; the headers say when it stopped there. */
    async csv(filters: OperationsFilters): Promise<BinaryAnswer> {
      const [run, total, stored] = await Promise.all([
        currentRun(),
        countOf(filters),
        repo.page(filters, OPERATIONS_CSV_MAX_ROWS, "older", null),
      ]);
      const rows = stored.map((r) => toRow(r, run));
      const day = new Date().toISOString().slice(0, 10);
      return new BinaryAnswer(new TextEncoder().encode(operationsCsv(rows)), "text/csv; charset=utf-8", {
        "Content-Disposition": `attachment; filename="operations-log-${day}.csv"`,
        "Cache-Control": "no-store",
        [CSV_TOTAL_HEADER]: String(total),
        ...(total > rows.length ? { [CSV_TRUNCATED_HEADER]: `newest ${rows.length} of ${total} rows` } : {}),
      });
    },
  };
}
