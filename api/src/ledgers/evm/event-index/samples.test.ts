// Which blocks become time samples, and which numbers a pass fetches for them.
import { describe, expect, it } from "vitest";
import { pickSamples, sampleNumbers } from "./samples";

const b = (number: number, timestamp: number) => ({
  number,
  hash: `0x${number.toString(16).padStart(64, "0")}`,
  timestamp,
});

describe("pickSamples", () => {
  it("keeps at most one block per interval of chain time", () => {
    const blocks = Array.from({ length: 30 }, (_, i) => b(i + 1, 1000 + i * 60)); // a block a minute, 30 minutes
    const kept = pickSamples(null, null, blocks, 600);
    expect(kept.map((k) => k.number)).toEqual([1, 11, 21]);
  });

  it("keeps both sides of a time jump, the last block before it and the first after", () => {
    const lastKept = b(10, 1000);
    const blocks = [b(11, 1010), b(12, 1020), b(13, 1020 + 7 * 86_400), b(14, 1030 + 7 * 86_400)];
    expect(pickSamples(lastKept, b(10, 1000), blocks, 600).map((k) => k.number)).toEqual([12, 13]);
  });

  it("a jump right after the stored head keeps the head too; nothing at or below it is taken again", () => {
    const head = b(20, 5000);
    const kept = pickSamples(b(15, 4900), head, [b(19, 4990), b(20, 5000), b(21, 5000 + 86_400)], 600);
    expect(kept.map((k) => k.number)).toEqual([20, 21]);
  });

  it("the first block of a run is a sample", () => {
    expect(pickSamples(null, null, [b(5, 100)], 600).map((k) => k.number)).toEqual([5]);
  });
});

describe("sampleNumbers", () => {
  it("all blocks of a short range, about `spread` of a long one, always the range's end", () => {
    expect(sampleNumbers(5, 8)).toEqual([5, 6, 7, 8]);
    const long = sampleNumbers(1, 2000, 32);
    expect(long.length).toBeLessThanOrEqual(33);
    expect(long[0]).toBe(1);
    expect(long.at(-1)).toBe(2000);
    expect(sampleNumbers(9, 8)).toEqual([]);
  });
});
