// The app's one listener to GET chain/changes (server-sent events): each move of the event index's head
// invalidates exactly the queries that read what it changed (reads.ts), and a reset (a restarted local chain, a
// reorg) or a reconnection after missed blocks invalidates every chain read. EventSource reconnects by itself;
// while it is down, the reads poll at their own intervals and are refreshed once, so none is left unpolled.
import type { QueryClient } from "@tanstack/react-query";
import { urlOf } from "../../../../api/src/http/endpoint";
import { CHAIN_CHANGE_EVENT, chainChangesContract, type ChainChangeEvent } from "./contract";
import { chainReadsOf, touches } from "./reads";
import { chainStream } from "./stream-state";

/** What the listener uses of EventSource (0 connecting, 1 open, 2 closed). */
export interface EventSourceLike {
  readonly readyState: number;
  onerror: ((ev: Event) => unknown) | null;
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void): void;
  close(): void;
}

export interface ChainChangesOptions {
  /** Tests give their own; the browser's EventSource otherwise. */
  createEventSource?: (url: string) => EventSourceLike;
  /** After the server refused the stream (too many open): how long before trying again. */
  retryAfterRefusalMs?: number;
  /**
   * Refreshes come at most this often (default 4 s): on a quiet chain each block refreshes at once; a busy one (a
   * crowd minting, a test run) gets one refresh per gap covering every change in it, so a page's reads never follow
   * the block rate. A wallet's own write is not held back: its flow refreshes what it changed itself.
   */
  minRefreshGapMs?: number;
}

/** Starts listening; returns the function that stops. Without EventSource (an old browser), the reads just poll. */
export function listenToChainChanges(queryClient: QueryClient, options: ChainChangesOptions = {}): () => void {
  const create =
    options.createEventSource ??
    (typeof EventSource === "function" ? (url: string) => new EventSource(url) : undefined);
  if (!create) return () => {};
  const url = urlOf(chainChangesContract.changes);
  let source: EventSourceLike | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const gap = options.minRefreshGapMs ?? 4000;
  let lastRefresh = -Infinity;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let pending: ChainChangeEvent[] = [];
  let pendingAll = false;
  const flush = () => {
    flushTimer = undefined;
    lastRefresh = Date.now();
    const changes = pending;
    const everything = pendingAll;
    pending = [];
    pendingAll = false;
    void queryClient.invalidateQueries({
      predicate: (q) => {
        const reads = chainReadsOf(q);
        return reads !== null && (everything || changes.some((c) => touches(reads, c)));
      },
    });
  };
  const invalidate = (change: ChainChangeEvent | "all") => {
    if (change === "all") pendingAll = true;
    else pending.push(change);
    const wait = lastRefresh + gap - Date.now();
    if (wait <= 0) flush();
    else flushTimer ??= setTimeout(flush, wait);
  };

  const down = () => {
    if (!chainStream.connected()) return;
    chainStream.setConnected(false);
    // Each read works out its interval again, now polling; and whatever moved meanwhile is read now.
    invalidate("all");
  };

  const open = () => {
    if (stopped) return;
    const es = create(url);
    source = es;
    es.addEventListener(CHAIN_CHANGE_EVENT, (e) => {
      const change = JSON.parse(e.data) as ChainChangeEvent;
      const before = chainStream.head();
      chainStream.setHead({
        chainId: change.chainId,
        chainInstance: change.chainInstance,
        block: BigInt(change.toBlock),
      });
      if (change.kind === "head") {
        chainStream.setConnected(true);
        // A reconnection that finds the index elsewhere than we left it: what moved meanwhile is unknown. (The
        // first opening changes nothing: the page's reads were just made.)
        const missed =
          before !== null && (before.chainInstance !== change.chainInstance || before.block !== BigInt(change.toBlock));
        if (missed) invalidate("all");
        return;
      }
      invalidate(change.kind === "reset" ? "all" : change);
    });
    es.onerror = () => {
      down();
      // CLOSED: the server refused it (429/503) or is gone for good; EventSource does not retry that by itself.
      if (es.readyState === 2 && !stopped) {
        clearTimeout(retry);
        retry = setTimeout(open, options.retryAfterRefusalMs ?? 30_000);
      }
    };
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(flushTimer);
    source?.close();
    chainStream.setConnected(false);
  };
}
