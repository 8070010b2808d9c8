// The EVM event index: what features read (types.ts) and the process that fills it (event-index.ts).
import type { EventIndex } from "./types";

export type { BlockSample, EventIndex, EventQuery, IndexedEvent, IndexHead } from "./types";
export { createEventIndex, EvmEventIndex, type EventIndexOptions } from "./event-index";
export { indexedContracts } from "./decode";
export { ChainChanges, type ChainChange, type ChainChangeListener } from "./changes";

/** The index as the app holds it: what features read, plus its lifecycle (deps.ts starts and stops it). */
export interface RunningEventIndex extends EventIndex {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves at this process's next commit, or after `timeoutMs` (changes.ts wakes on it). */
  nextCommit(timeoutMs: number): Promise<void>;
}
