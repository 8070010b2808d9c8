// The seven curve trades as data: which tenors, which side, how the spread is measured, and how the legs are
// sized DV01-neutral. Nothing here reads a file or the clock; opportunities.ts applies them to a curve day.
import { parBondRisk } from "./bond-math";
import {
  MIN_TICKET_DV01_USD,
  TENOR_LABELS,
  TENOR_YEARS,
  type TreasuryStrategyId,
  type TreasuryTenor,
} from "./treasury-staking.constants";
import type { CurveDay } from "./yield-data";

export interface StrategyLegDef {
  tenor: TreasuryTenor;
  side: "long" | "short";
  /** This leg's DV01 in units of the spread DV01 (pairs: 1 and 1; the butterfly: body 2, wings 1 each). */
  dv01Share: number;
}

export interface StrategyDef {
  id: TreasuryStrategyId;
  /** +1: the position gains when the spread widens; -1: when it narrows. P&L ~ direction x spread DV01 x change. */
  direction: 1 | -1;
  spreadDefinition: string;
  description: string;
  legs: StrategyLegDef[];
  /** The spread in bps from a curve day, null when a tenor is missing. */
  spreadBps(day: CurveDay): number | null;
}

const label = (t: TreasuryTenor) => TENOR_LABELS[t].replace(" Yr", "Y");

function pair(
  id: TreasuryStrategyId,
  short: TreasuryTenor,
  long: TreasuryTenor,
  kind: "steepener" | "flattener",
): StrategyDef {
  const name = `${label(short).replace("Y", "s")}${label(long).replace("Y", "s")}`;
  const steep = kind === "steepener";
  return {
    id,
    direction: steep ? 1 : -1,
    spreadDefinition: `${label(long)} - ${label(short)}`,
    description: steep
      ? `${name} steepener: buy the ${label(short)}, sell the ${label(long)}, DV01-neutral; gains when the ${label(long)} - ${label(short)} spread widens.`
      : `${name} flattener: buy the ${label(long)}, sell the ${label(short)}, DV01-neutral; gains when the ${label(long)} - ${label(short)} spread narrows.`,
    legs: [
      { tenor: steep ? short : long, side: "long", dv01Share: 1 },
      { tenor: steep ? long : short, side: "short", dv01Share: 1 },
    ],
    spreadBps: (d) => {
      const a = d.yields[long];
      const b = d.yields[short];
      return a === undefined || b === undefined ? null : round6((a - b) * 100);
    },
  };
}

export const STRATEGIES: readonly StrategyDef[] = [
  pair("steepener_2s10s", "2_yr", "10_yr", "steepener"),
  pair("flattener_2s10s", "2_yr", "10_yr", "flattener"),
  pair("steepener_5s30s", "5_yr", "30_yr", "steepener"),
  pair("flattener_5s30s", "5_yr", "30_yr", "flattener"),
  pair("steepener_2s5s", "2_yr", "5_yr", "steepener"),
  pair("flattener_2s5s", "2_yr", "5_yr", "flattener"),
  {
    id: "butterfly_2s5s10s",
    direction: -1,
    spreadDefinition: "2 x 5Y - 2Y - 10Y",
    description:
      "2s5s10s butterfly: buy the 5Y body, sell the 2Y and 10Y wings (each wing half the body's DV01); gains when the belly richens, i.e. when 2 x 5Y - 2Y - 10Y falls.",
    legs: [
      { tenor: "5_yr", side: "long", dv01Share: 2 },
      { tenor: "2_yr", side: "short", dv01Share: 1 },
      { tenor: "10_yr", side: "short", dv01Share: 1 },
    ],
    spreadBps: (d) => {
      const [a, b, c] = [d.yields["2_yr"], d.yields["5_yr"], d.yields["10_yr"]];
      return a === undefined || b === undefined || c === undefined ? null : round6((2 * b - a - c) * 100);
    },
  },
];

export const strategyById = (id: string): StrategyDef | undefined => STRATEGIES.find((s) => s.id === id);

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** One leg of a DV01-neutral ticket; also what treasury_positions.legs stores. */
export interface SizedLeg {
  tenor: TreasuryTenor;
  maturity: string;
  /** Years to maturity at entry. */
  years: number;
  side: "long" | "short";
  notional: number;
  entryYield: number;
  entryPrice: number;
  dv01: number;
  modifiedDuration: number;
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f + 0; // + 0: never -0 in an answer
}

/** A leg as the API shows it (opportunities and positions alike): money to cents, prices to 1e-6. */
export function legView(l: SizedLeg) {
  return {
    tenor: l.tenor,
    maturity: l.maturity,
    side: l.side,
    notional: round(l.notional, 2),
    entryYield: l.entryYield,
    entryPrice: round(l.entryPrice, 6),
    dv01: round(l.dv01, 4),
    modifiedDuration: round(l.modifiedDuration, 6),
  };
}

export interface Sizing {
  /** Legs for a spread DV01 of `spreadDv01` USD per bp. */
  legs: SizedLeg[];
  /** Gross face per USD of spread DV01 (so capital / this = spread DV01). */
  grossPerSpreadDv01: number;
}

/**
 * DV01-neutral legs on a curve day, as par bonds at that day's yields: each leg's face = its DV01 share x the
 * spread DV01 / its DV01 per dollar of face. Null when a tenor is missing.
 */
export function sizeLegs(def: StrategyDef, day: CurveDay, spreadDv01: number): Sizing | null {
  const legs: SizedLeg[] = [];
  let grossPerUnit = 0;
  for (const leg of def.legs) {
    const y = day.yields[leg.tenor];
    if (y === undefined) return null;
    const years = TENOR_YEARS[leg.tenor];
    const risk = parBondRisk(y, years);
    const perFace = risk.dv01Per1m / 1e6;
    const facePerUnit = leg.dv01Share / perFace;
    grossPerUnit += facePerUnit;
    legs.push({
      tenor: leg.tenor,
      maturity: TENOR_LABELS[leg.tenor],
      years,
      side: leg.side,
      notional: facePerUnit * spreadDv01,
      entryYield: y,
      entryPrice: risk.price,
      dv01: leg.dv01Share * spreadDv01,
      modifiedDuration: risk.modifiedDuration,
    });
  }
  return { legs, grossPerSpreadDv01: grossPerUnit };
}

/** The smallest ticket's gross face (spread DV01 = $10/bp), rounded up to $1,000: capitalRequired. */
export const capitalRequiredOf = (s: Sizing): number =>
  Math.ceil((s.grossPerSpreadDv01 * MIN_TICKET_DV01_USD) / 1000) * 1000;
