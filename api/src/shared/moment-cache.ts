// Reads that many clients ask for at once (status counts, the newest history page) are answered from
// memory for a moment: one query serves every request within `ttlMs`, a failed read is not kept, and the
// process's own writes clear it at once (another replica's writes show within ttlMs).
export class MomentCache<K, V> {
  private readonly entries = new Map<K, { at: number; value: Promise<V> }>();

  constructor(private readonly ttlMs = 1000) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at <= this.ttlMs) return hit.value;
    const value = load();
    this.entries.set(key, { at: Date.now(), value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
