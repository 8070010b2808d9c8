// Which of the blocks a pass looked at become time samples ("the block at time t" without a chain call).
// Thinned by chain time, not by block count: at most one per `everySeconds` of chain time. evm_increaseTime
// jumps days in one block, so where two consecutive known blocks lie that far apart both are kept: the last
// block before the jump and the first after it, so a time inside the jump maps to the block before it.
import type { KnownBlock } from "./store";

/**
 * @param lastKept the newest sample already stored for this run (null: none yet)
 * @param previous the block known just before `blocks` (the stored head), null at the start of a run
 * @param blocks the blocks this pass fetched, any order
 */
export function pickSamples(
  lastKept: KnownBlock | null,
  previous: KnownBlock | null,
  blocks: readonly KnownBlock[],
  everySeconds: number,
): KnownBlock[] {
  const out: KnownBlock[] = [];
  let kept = lastKept;
  let before = previous;
  for (const b of [...blocks].sort((x, y) => x.number - y.number)) {
    if (before && b.number <= before.number) continue;
    if (!kept || b.timestamp - kept.timestamp >= everySeconds) {
      if (before && (!kept || before.number > kept.number) && b.timestamp - before.timestamp >= everySeconds)
        out.push(before);
      out.push(b);
      kept = b;
    }
    before = b;
  }
  return out;
}

/** The block numbers a pass over [from, to] fetches for samples besides its events' blocks: all of a short range, ~`spread` of a long one. */
export function sampleNumbers(from: number, to: number, spread = 32): number[] {
  const n = to - from + 1;
  if (n <= 0) return [];
  const step = Math.max(1, Math.ceil(n / spread));
  const out: number[] = [];
  for (let b = from; b < to; b += step) out.push(b);
  out.push(to);
  return out;
}
