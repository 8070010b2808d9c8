// When a computed status becomes a history snapshot: the first one, a change of the score or of any item's
// outcome (true / false / not measured), or SNAPSHOT_EVERY_MINUTES since the last one. One decision at a time,
// so two status reads at once store one snapshot, not two.
import { Mutex } from "async-mutex";
import { momentary } from "../../shared/moment-cache";
import { noteProcessWrite } from "../../shared/process-writes";
import { SNAPSHOT_EVERY_MINUTES, type MainnetReadinessStatusResponse } from "./mainnet-readiness.schemas";
import type { Snapshot, SnapshotRepository } from "./mainnet-readiness.repository";

export const SNAPSHOT_RULE = `a snapshot is stored when the status is computed and the score or any item's outcome changed since the last snapshot, or the last one is ${SNAPSHOT_EVERY_MINUTES} minutes old`;

export function snapshotOf(s: Omit<MainnetReadinessStatusResponse, "snapshotStored">): Snapshot {
  return {
    at: new Date(s.computedAt),
    score: s.score,
    passed: s.passed,
    total: s.total,
    items: Object.fromEntries(s.items.map((i) => [i.id, i.passed])),
  };
}

const sameItems = (a: Record<string, boolean | null>, b: Record<string, boolean | null>) => {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, n) => k === kb[n] && a[k] === b[k]);
};

export function shouldStore(last: Snapshot | null, next: Snapshot): boolean {
  if (!last) return true;
  if (last.score !== next.score || !sameItems(last.items, next.items)) return true;
  return next.at.getTime() - last.at.getTime() >= SNAPSHOT_EVERY_MINUTES * 60_000;
}

export function createHistoryRecorder(repository: SnapshotRepository) {
  const lock = new Mutex();
  return {
    /** Stores the snapshot if the rule says so; true when stored. */
    record: (next: Snapshot): Promise<boolean> =>
      lock.runExclusive(async () => {
        if (!shouldStore(await repository.latest(), next)) return false;
        await repository.insert(next);
        // Stored by a read: the history's cached answer must show it at once.
        noteProcessWrite();
        return true;
      }),
  };
}

/**
 * The status as the route answers it: computed (and its snapshot decided) once a moment for every poller, a write
 * answered by this process computing it again (shared/moment-cache.ts). `snapshotStored` is true only in the
 * answer of the read that stored the snapshot; every other read of that computation is answered with one shared
 * object saying false, so it is serialized once.
 */
export function createStatusReader(
  compute: () => Promise<Omit<MainnetReadinessStatusResponse, "snapshotStored">>,
  recorder: { record(next: Snapshot): Promise<boolean> },
): () => Promise<MainnetReadinessStatusResponse> {
  const once = momentary(async () => {
    const s = await compute();
    const stored = await recorder.record(snapshotOf(s));
    return { storing: stored ? { ...s, snapshotStored: true } : null, seen: { ...s, snapshotStored: false } };
  });
  return async () => {
    const c = await once();
    const first = c.storing;
    c.storing = null;
    return first ?? c.seen;
  };
}
