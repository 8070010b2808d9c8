// Reads that many clients ask for at once (status counts, the newest history page, a computed readiness) are
// answered from memory for a moment: one computation serves every request within `ttlMs`, a failed read is not
// kept, and any write this process answers clears it (another replica's writes show within ttlMs).
import { processWrites } from "./process-writes";

/** Every MomentCache's answers in this process: from memory (hits) or computed (misses); the dashboard's cache hit rate. */
export const momentCacheStats = { hits: 0, misses: 0 };

export class MomentCache<K, V> {
  private readonly entries = new Map<K, { at: number; writes: number; value: Promise<V> }>();

  /** `maxEntries` bounds a cache keyed by what callers send (an address): the oldest entry makes room. */
  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 256,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    // The write count when the load began: a write answered while it ran may not be in its value.
    if (hit && Date.now() - hit.at <= this.ttlMs && hit.writes === processWrites.count) {
      momentCacheStats.hits++;
      return hit.value;
    }
    momentCacheStats.misses++;
    const value = load();
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { at: Date.now(), writes: processWrites.count, value });
    // A failure is not kept, but only this load's entry goes: a newer one (after a write) stays.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** `load` answered from a MomentCache: the same object for every caller within `ttlMs` (serialized once, see route.ts). */
export function momentary<V>(load: () => Promise<V>, ttlMs = 1000): () => Promise<V> {
  const cache = new MomentCache<"answer", V>(ttlMs);
  return () => cache.get("answer", load);
}
