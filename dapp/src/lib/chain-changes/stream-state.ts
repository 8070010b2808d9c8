// The chain-change stream's state, shared by the listener (which sets it) and the reads (which poll only while it
// is down) and the transaction flow (which waits for the index to hold a receipt's block). A tiny store: no React.

export interface IndexedHead {
  chainId: number;
  chainInstance: string;
  block: bigint;
}

type Waiter = { block: bigint; resolve: (held: boolean) => void };

let connected = false;
let head: IndexedHead | null = null;
const waiters = new Set<Waiter>();
const subscribers = new Set<() => void>();

export const chainStream = {
  /** True while the stream is open and has said where the index stands. */
  connected: () => connected,
  head: () => head,
  subscribe(fn: () => void): () => void {
    subscribers.add(fn);
    return () => subscribers.delete(fn);
  },
  /** Listener only. */
  setConnected(value: boolean) {
    if (connected === value) return;
    connected = value;
    // Without the stream nothing will say when a block is indexed: the waiters go on at once.
    if (!value) for (const w of waiters) settle(w, false);
    for (const fn of subscribers) fn();
  },
  /** Listener only: the index's head moved (or the stream opened on it). */
  setHead(next: IndexedHead) {
    head = next;
    for (const w of waiters) if (next.block >= w.block) settle(w, true);
  },
  /**
   * Resolves true once the index of chain `chainId` holds `block` (its reads then include it), false when the stream
   * is down, follows another chain, or after `timeoutMs`. For a write's receipt: the pages' refresh then reads the write itself.
   */
  waitForIndexed(chainId: number, block: bigint, timeoutMs = 8000): Promise<boolean> {
    // Another chain's blocks are not this index's.
    if (!connected || !head || head.chainId !== chainId) return Promise.resolve(false);
    if (head.block >= block) return Promise.resolve(true);
    return new Promise((resolve) => {
      const w: Waiter = { block, resolve };
      waiters.add(w);
      setTimeout(() => settle(w, false), timeoutMs);
    });
  },
};

function settle(w: Waiter, held: boolean) {
  if (!waiters.delete(w)) return;
  w.resolve(held);
}

/** Tests only: back to "never connected". */
export function resetChainStreamForTests() {
  connected = false;
  head = null;
  for (const w of waiters) settle(w, false);
}
