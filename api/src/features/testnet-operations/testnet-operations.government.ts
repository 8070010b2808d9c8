// The government answers of the testnet operations pages, from the government data source: each figure live or
// snapshot with its date and series id; the spec's "temporarily unavailable" message only for a field that has
// neither, naming which.
import type { FigureAnswer, GovernmentData } from "../../sources/government/government-data";
import type { SeriesKey } from "../../sources/government/catalogue";
import { snapshotLatest } from "../../sources/government/snapshot";
import { GOVERNMENT_UNAVAILABLE } from "./testnet-operations.constants";
import type {
  ComprehensiveDataResponse,
  GovernmentDataResponse,
  GovernmentFigure,
  TreasuryHealthResponse,
} from "./testnet-operations.schemas";

type Missing = GovernmentDataResponse["missing"];

/** Reads the fields' series at once; the figures by field, and the fields that have none. */
async function read<F extends string>(
  government: GovernmentData,
  fields: Record<F, SeriesKey>,
): Promise<{ figures: Record<F, GovernmentFigure | null>; missing: Missing }> {
  const entries = Object.entries(fields) as [F, SeriesKey][];
  const answers: FigureAnswer[] = await Promise.all(entries.map(([, key]) => government.figure(key)));
  const figures = {} as Record<F, GovernmentFigure | null>;
  const missing: Missing = [];
  entries.forEach(([field], i) => {
    const a = answers[i]!;
    figures[field] = a.figure;
    if (!a.figure) missing.push({ field, reason: a.missing ?? "no value" });
  });
  return { figures, missing };
}

const messageOf = (missing: Missing) =>
  missing.length === 0 ? null : `${GOVERNMENT_UNAVAILABLE} Missing: ${missing.map((m) => m.field).join(", ")}.`;

export async function governmentDataAnswer(government: GovernmentData, now: Date): Promise<GovernmentDataResponse> {
  const { figures: f, missing } = await read(government, {
    "federalReserve.gdp": "gdp",
    "federalReserve.unemployment": "unemployment",
    "federalReserve.inflation": "inflation",
    "treasury.publicDebt": "publicDebt",
    "treasury.balance": "cashBalance",
    "eia.crudeOilPrice": "wti",
    "eia.naturalGasPrice": "henryHub",
  });
  return {
    federalReserve: {
      gdp: f["federalReserve.gdp"],
      unemployment: f["federalReserve.unemployment"],
      inflation: f["federalReserve.inflation"],
    },
    treasury: { publicDebt: f["treasury.publicDebt"], balance: f["treasury.balance"] },
    eia: { crudeOilPrice: f["eia.crudeOilPrice"], naturalGasPrice: f["eia.naturalGasPrice"] },
    missing,
    message: messageOf(missing),
    sources: government.sources(),
    fetchedAt: now.toISOString(),
  };
}

export async function comprehensiveDataAnswer(
  government: GovernmentData,
  now: Date,
): Promise<ComprehensiveDataResponse> {
  const { figures: f, missing } = await read(government, {
    "economic.federalFundsRate": "fedFundsDaily",
    "economic.gdp": "gdp",
    "economic.unemployment": "unemployment",
    "treasury.nationalDebt": "publicDebt",
    "treasury.bondYields.tenYear": "tenYear",
  });
  return {
    data: {
      economic: {
        federalFundsRate: f["economic.federalFundsRate"],
        gdp: f["economic.gdp"],
        unemployment: f["economic.unemployment"],
      },
      treasury: {
        nationalDebt: f["treasury.nationalDebt"],
        bondYields: { tenYear: f["treasury.bondYields.tenYear"] },
      },
    },
    missing,
    message: messageOf(missing),
    sources: government.sources(),
    fetchedAt: now.toISOString(),
  };
}

export const TREASURY_HEALTH_RULE =
  "OPERATIONAL when Treasury Fiscal Data answered the latest probe (the newest debt-to-the-penny row, 3 s deadline, at most one probe per 30 s); UNREACHABLE otherwise.";

export async function treasuryHealthAnswer(
  government: GovernmentData,
  endpoint: string,
): Promise<TreasuryHealthResponse> {
  const probe = await government.probeFiscalData();
  const latest = snapshotLatest("publicDebt");
  return {
    status: probe.ok ? "OPERATIONAL" : "UNREACHABLE",
    rule: TREASURY_HEALTH_RULE,
    endpoints: {
      fiscalData: {
        endpoint,
        ok: probe.ok,
        latencyMs: probe.latencyMs,
        checkedAt: probe.at,
        lastSuccessAt: probe.lastSuccessAt,
        error: probe.error,
      },
    },
    fallback:
      probe.ok || !latest
        ? null
        : `Treasury figures are the bundled official snapshot meanwhile (debt to the penny as of ${latest.date}).`,
  };
}
