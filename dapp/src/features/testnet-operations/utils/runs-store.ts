// The real-testnet page's results: every test run (one by one or by Run All Real Tests), newest first, with its
// label, when it started, how long it took and the answer or the error. One store per page, so every tab shows
// the same runs and a run started on one tab still lands when the user has moved to another.
import type { Answers } from "./test-catalogue";
import type { TestKind } from "./test-kinds";

export type EntryOf<K extends TestKind> = {
  id: number;
  kind: K;
  label: string;
  /** ISO, the wall clock when the request left. */
  startedAt: string;
  elapsedMs: number;
  answer: Answers[K] | null;
  /** The server's error text (or 'Unknown error') when it failed. */
  error: string | null;
};
export type RunEntry = { [K in TestKind]: EntryOf<K> }[TestKind];

export interface RunsSnapshot {
  /** Newest first. */
  entries: readonly RunEntry[];
  running: ReadonlySet<TestKind>;
}

export function createRunsStore() {
  let snapshot: RunsSnapshot = { entries: [], running: new Set() };
  let nextId = 1;
  const listeners = new Set<() => void>();
  const set = (next: RunsSnapshot) => {
    snapshot = next;
    for (const l of listeners) l();
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get: () => snapshot,
    started(kind: TestKind) {
      set({ ...snapshot, running: new Set([...snapshot.running, kind]) });
    },
    finished<K extends TestKind>(entry: Omit<EntryOf<K>, "id">) {
      const running = new Set(snapshot.running);
      running.delete(entry.kind);
      set({ entries: [{ ...entry, id: nextId++ } as RunEntry, ...snapshot.entries], running });
    },
  };
}
export type RunsStore = ReturnType<typeof createRunsStore>;

/** The newest run of a kind, typed by its kind. */
export const latestOf = <K extends TestKind>(entries: readonly RunEntry[], kind: K) =>
  entries.find((e) => e.kind === kind) as EntryOf<K> | undefined;
