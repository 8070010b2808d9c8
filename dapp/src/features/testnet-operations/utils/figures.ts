// How a government figure reads on screen: the value in the spec's compact USD (up to 2 decimals) or its own unit,
// and, beside it, the value exactly as published with the publisher's units.
import type { GovernmentFigure } from "../api/contract";

const compactUsd = (usd: number) =>
  usd.toLocaleString("en-US", { style: "currency", currency: "USD", notation: "compact", maximumFractionDigits: 2 });

const plain = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 4 });

const SCALES: [RegExp, number][] = [
  [/^USD$/, 1],
  [/^millions of USD/, 1e6],
  [/^billions of USD/, 1e9],
];

/** "$40.03T", "4.1 %", "$65.12 per barrel"; any other unit as "value unit". */
export function figureReading(f: Pick<GovernmentFigure, "value" | "units">): string {
  for (const [pattern, scale] of SCALES) if (pattern.test(f.units)) return compactUsd(f.value * scale);
  if (/^percent/.test(f.units)) return `${plain(f.value)} %`;
  const per = /^USD per (.+)$/.exec(f.units);
  if (per)
    return `$${f.value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} per ${per[1]}`;
  return `${plain(f.value)} ${f.units}`;
}

/** "32,475.21 billions of USD, seasonally adjusted annual rate": the published value and units, unrounded. */
export const figureAsPublished = (f: Pick<GovernmentFigure, "value" | "units">) =>
  `${f.value.toLocaleString("en-US", { maximumFractionDigits: 20 })} ${f.units}`;

/** An observation's own date (a day, not a moment: no time zone may move it): "Apr 1, 2026". */
export function dayText(isoDay: string): string {
  const d = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? isoDay
    : d.toLocaleDateString("en-US", { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" });
}

/** Every figure of an answer's groups, nulls included (a field with neither live nor snapshot). */
export const figuresOf = (groups: Record<string, GovernmentFigure | null>[]) => groups.flatMap((g) => Object.values(g));
