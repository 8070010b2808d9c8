// Figures as this page shows them. Spec part 1 §9: currency in compact USD with up to 2 decimals.

const compactUsd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const fullUsd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const compactNumber = new Intl.NumberFormat("en-US", {
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const fullNumber = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** The API's decimal text or a number, as a number (NaN stays out: null). */
export function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** "$150M" (spec §9: compact USD, up to 2 decimals). */
export const usdCompact = (value: string | number | null | undefined) => {
  const n = toNumber(value);
  return n === null ? "—" : compactUsd.format(n);
};
/** "$150,000,000" */
export const usdFull = (value: string | number | null | undefined) => {
  const n = toNumber(value);
  return n === null ? "—" : fullUsd.format(n);
};
/** "150M XQB" */
export const tokenCompact = (value: string | number | null | undefined, symbol: string) => {
  const n = toNumber(value);
  return n === null ? "—" : `${compactNumber.format(n)} ${symbol}`;
};
/** "150,000,000 XQB" */
export const tokenFull = (value: string | number | null | undefined, symbol: string) => {
  const n = toNumber(value);
  return n === null ? "—" : `${fullNumber.format(n)} ${symbol}`;
};
/** "150%"; "—" for no figure (a ratio with no debt). */
export const percent = (value: string | number | null | undefined, decimals = 2) => {
  const n = toNumber(value);
  return n === null ? "—" : `${n.toLocaleString("en-US", { maximumFractionDigits: decimals })}%`;
};
