// Durations in words, one rule for the API's sentences ("exchange rate over 7 days") and the pages (which
// re-export it from dapp/src/lib/time.ts). No imports: the pages load it with their first view.

const UNITS = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1],
] as const;

const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? "" : "s"}`;

/**
 * A duration in words, to the two largest units (the second left out when it is zero), rounded down to whole
 * seconds: 604809 -> "7 days", 5400 -> "1 hour 30 minutes", 61 -> "1 minute 1 second", 0 -> "0 seconds".
 */
export function durationInWords(seconds: number): string {
  let left = Math.max(0, Math.floor(seconds));
  const counts = UNITS.map(([name, size]) => {
    const n = Math.floor(left / size);
    left -= n * size;
    return [name, n] as const;
  });
  const first = counts.findIndex(([, n]) => n > 0);
  if (first === -1) return "0 seconds";
  return counts
    .slice(first, first + 2)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => unit(n, name))
    .join(" ");
}
