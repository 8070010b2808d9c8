// No viem here: this module is in most pages' first load, and viem's formatUnits brought 0.8 KB gzip of its
// number helpers with it. Same results (format.test.ts compares them).

/** `value` base units with `decimals` decimals as exact decimal text: formatUnits(1500000000000000000n, 18) = "1.5". */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

export const formatEther = (wei: bigint): string => formatUnits(wei, 18);

/** `0x1234…abcd` */
export function shortenHex(value: string, head = 6, tail = 4): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

/** Truncates (never rounds up) a decimal string to `decimals` places. */
export function truncateDecimals(value: string, decimals: number): string {
  const [whole = "0", fraction = ""] = value.split(".");
  return decimals === 0 ? whole : `${whole}.${fraction.padEnd(decimals, "0").slice(0, decimals)}`;
}

export const formatEth = (wei: bigint, decimals = 4) => truncateDecimals(formatEther(wei), decimals);
export const formatToken = (raw: bigint, tokenDecimals = 18, decimals = 4) =>
  truncateDecimals(formatUnits(raw, tokenDecimals), decimals);

export const formatNumber = (n: number, maximumFractionDigits = 2) =>
  n.toLocaleString("en-US", { maximumFractionDigits });

/**
 * A byte count as spec part 2 §2 shows file sizes: B below 1024, KB with one decimal below 1 MB, otherwise MB
 * with one decimal (1 KB = 1024 B, 1 MB = 1024 KB).
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A duration in milliseconds as read on screen: "1,234 ms", "12.3 ms". */
export const msText = (ms: number) => `${ms.toLocaleString("en-US", { maximumFractionDigits: 1 })} ms`;
