// The readings in words: a block's age, the skew of its time against our clock (signed: a local chain runs ahead
// after a time jump), a latency.
import { durationInWords } from "../../../lib/time";

/** 12 -> "12 seconds old"; -81 -> "1 minute 21 seconds ahead of our clock"; 0 -> "just now". */
export function ageText(seconds: number): string {
  if (seconds === 0) return "closed just now";
  return seconds > 0 ? `${durationInWords(seconds)} old` : `${durationInWords(-seconds)} ahead of our clock`;
}

/** 81 -> "+81 s (block time ahead of our clock by 1 minute 21 seconds)". */
export function skewText(seconds: number): string {
  if (seconds === 0) return "0 s (block time equals our clock, to the second)";
  const side = seconds > 0 ? "ahead of" : "behind";
  return `${seconds > 0 ? "+" : "−"}${Math.abs(seconds).toLocaleString("en-US")} s (block time ${side} our clock by ${durationInWords(Math.abs(seconds))})`;
}

export { msText } from "../../../lib/format";
