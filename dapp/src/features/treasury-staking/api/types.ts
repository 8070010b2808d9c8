// Provisional shapes of the treasury-staking API (issue 10, spec part 2 §3), used until ts-api's
// `treasury-staking.schemas.ts` lands and `types/api.ts` re-exports it. Field names follow the spec.
import type { z } from "zod";

export type DataSource = "live" | "snapshot";

export type Bond = {
  id: string;
  maturity: string;
  tenorYears: number;
  currentYield: number;
  yieldChange: number;
  price: number;
  duration: number;
  dv01Per1m: number;
  dailyVolume: null;
};
export type CurvePoint = { maturity: string; tenorYears: number; yield: number };
export type Curve = { date: string; points: CurvePoint[] };
export type BondsResponse = {
  bonds: Bond[];
  curves: { today: Curve; monthAgo: Curve | null; yearAgo: Curve | null };
  asOf: string;
  source: DataSource;
  reason?: string | null;
  convention: string;
  dailyVolumeNote: string;
};

export type BondLeg = { maturity: string; currentYield: number };
export type Opportunity = {
  id: string;
  strategy: string;
  description: string;
  riskLevel: "LOW" | "MEDIUM" | "HIGH";
  longBond: BondLeg;
  shortBond: BondLeg;
  expectedReturn: number;
  currentSpread: number;
  capitalRequired: number;
  timeHorizon: string;
  zScore: number;
  notionalRatio: number;
  carryRoll: number;
  backtest: { hitRate: number; meanReturn: number; trades: number };
  riskRule: string;
};
export type OpportunitiesResponse = { opportunities: Opportunity[]; asOf: string; source: DataSource; reason?: string | null; model: string };

export type Position = {
  id: string;
  opportunityId: string;
  strategy: string;
  status: string;
  daysHeld: number;
  longBond: BondLeg;
  shortBond: BondLeg;
  currentSpread: number;
  amount: number;
  currentValue: number;
  unrealizedPnL: number;
  performance: { totalReturn: number };
  openedAt: string;
  asOf: string;
};
export type PositionsResponse = {
  userId: string;
  positions: Position[];
  summary: { totalPositions: number; totalValue: number; totalPnL: number; averageReturn: number };
  asOf: string;
  source: DataSource;
};

export type AnalyticsResponse = {
  asOf: string;
  source: DataSource;
  spread10y2y: number;
  curveShape: { shape: string; rule: string };
  volatility: { dailyChangeStdBps: number; label: string; window: string };
  fedFunds: { latest: number; trend: string; changeBps: number; asOf: string };
  strategyReturns: { strategy: string; realisedReturn: number; trades: number }[];
};

export type ReplayResponse = { available: boolean; reason: string | null; curveDate: string; first: string; last: string };

/** A type-only schema, so `api.get<Schema<T>>` reads like the typed hooks elsewhere. */
export type Schema<T> = z.ZodType<T>;

/** The spec's fixed demo user (part 2 §6), whose positions show while no wallet is signed in. */
export const DEMO_USER_ID = "demo-user";
