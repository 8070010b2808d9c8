// Answers of the environmental API, typed by its schemas (a few points per series, as the API shapes them).
import type { EnergyResponse, ProjectStatus, ProjectsResponse, RewardsResponse } from "../api/contract";

const publisher = "U.S. Energy Information Administration (EIA v2)";

export const ENERGY: EnergyResponse = {
  series: [
    {
      id: "wti-monthly",
      key: "wti",
      frequency: "monthly",
      seriesId: "RWTC",
      title: "WTI crude oil spot price, Cushing OK, monthly average",
      units: "USD per barrel",
      publisher,
      file: "eia_spot_prices_monthly.csv",
      source: "snapshot",
      asOf: "2026-07-01",
      derivation: "EIA's monthly average of the daily spot price; each point is dated the month's first day",
      points: [
        { date: "2026-05-01", value: 102.13 },
        { date: "2026-06-01", value: 84.81 },
        { date: "2026-07-01", value: 80.46 },
      ],
    },
    {
      id: "wti-daily",
      key: "wti",
      frequency: "daily",
      seriesId: "RWTC",
      title: "WTI crude oil spot price, Cushing OK",
      units: "USD per barrel",
      publisher,
      file: "eia_wti_cushing_spot_daily.csv",
      source: "snapshot",
      asOf: "2026-08-18",
      derivation: null,
      points: [
        { date: "2026-08-17", value: 86.04 },
        { date: "2026-08-18", value: 86.48 },
      ],
    },
  ],
  latest: [
    {
      key: "wti",
      seriesId: "RWTC",
      title: "WTI crude oil spot price, Cushing OK",
      units: "USD per barrel",
      publisher,
      value: 86.48,
      asOf: "2026-08-18",
      source: "snapshot",
      note: "Bundled official snapshot, api/data/government/eia_wti_cushing_spot_daily.csv, row 2026-08-18; live disabled: no key (EIA_API_KEY unset).",
    },
    {
      key: "henryHub",
      seriesId: "RNGWHHD",
      title: "Henry Hub natural gas spot price",
      units: "USD per MMBtu",
      publisher,
      value: 3.01,
      asOf: "2026-11-27",
      source: "live",
      note: "Read live from U.S. Energy Information Administration (EIA v2) at 2026-11-29T09:00:00.000Z.",
    },
  ],
  readAt: "2026-11-29T09:00:00.000Z",
};

const entry = (n: number, purpose: RewardsResponse["entries"][number]["purpose"]) => ({
  recipient: `0x${String(n).padStart(40, "0")}`,
  amount: `${n}`,
  transactionHash: `0x${String(n).padStart(64, "a")}`,
  blockNumber: `${100 - n}`,
  logIndex: 0,
  timestamp: "2026-11-29T09:00:00.000Z",
  explorerUrl: null,
  purpose,
});

export const REWARDS_PAGE_1: RewardsResponse = {
  entries: [
    entry(1, {
      kind: "environmental-action",
      detail: "Environmental project: Wetlands",
      recordedBy: "testnet-operations",
    }),
    entry(2, null),
  ],
  nextCursor: "98-0",
  indexedThrough: "120",
  token: { symbol: "VIBE", contract: "0x0000000000000000000000000000000000000abc" },
  source: "live",
  reason: null,
};

export const REWARDS_PAGE_2: RewardsResponse = {
  ...REWARDS_PAGE_1,
  entries: [
    entry(3, {
      kind: "reward",
      detail: "The VIBE reward a signed-in wallet claims (one per hour)",
      recordedBy: "vibecoins",
    }),
  ],
  nextCursor: null,
};

export const NO_REWARDS: RewardsResponse = { ...REWARDS_PAGE_1, entries: [], nextCursor: null };

export const PROJECT: ProjectStatus = {
  id: "p1",
  title: "Great Salt Lake wetlands",
  campaign: "0x0000000000000000000000000000000000000001",
  fundingGoal: "1000",
  currentFunding: "250",
  deadline: "2026-12-31T00:00:00.000Z",
  state: "open",
  satelliteVerified: true,
  attestation: { id: "0xatt", verifier: "0x0000000000000000000000000000000000000002", revoked: false },
  demo: true,
  claimedImpact: "12 t CO2 a year",
};

export const projects = (list: ProjectStatus[]): ProjectsResponse => ({
  projects: list,
  unavailable: null,
  claimedLabel: "claimed, not measured",
  readAt: "2026-11-29T09:00:00.000Z",
});
