// The official series this product serves, each with its publisher, its units, the live call that reads it and the
// bundled file (api/data/government/, SOURCES.md there) it falls back to. Keyed by our own short name; `seriesId` is
// the publisher's identifier, shown beside every figure.

export const GOVERNMENT_SOURCES = ["fred", "fiscal-data", "eia"] as const;
export type GovernmentSource = (typeof GOVERNMENT_SOURCES)[number];

export const SOURCE_NAMES: Record<GovernmentSource, string> = {
  fred: "FRED (Federal Reserve Bank of St. Louis)",
  "fiscal-data": "U.S. Treasury Fiscal Data",
  eia: "U.S. Energy Information Administration (EIA v2)",
};

/** Which sources need a key, and the variable that holds it (a missing key disables live reads, never "fails"). */
export const SOURCE_KEY_VARIABLE: Record<GovernmentSource, string | null> = {
  fred: "FRED_API_KEY",
  "fiscal-data": null,
  eia: "EIA_API_KEY",
};

export const SERIES_KEYS = [
  "gdp",
  "unemployment",
  "inflation",
  "fedFunds",
  "fedFundsDaily",
  "tenYear",
  "publicDebt",
  "cashBalance",
  "wti",
  "henryHub",
] as const;
export type SeriesKey = (typeof SERIES_KEYS)[number];

export interface SeriesDef {
  key: SeriesKey;
  /** The publisher's id (FRED/EIA series id, or the Fiscal Data dataset and field). */
  seriesId: string;
  title: string;
  units: string;
  source: GovernmentSource;
  frequency: "daily" | "weekly" | "monthly" | "quarterly";
  /** The bundled file and its columns. */
  snapshot: { file: string; dateColumn: string; valueColumn: string };
  /** How a value is derived from the raw series, when it is (said beside the figure). */
  derivation?: string;
}

export const SERIES: Record<SeriesKey, SeriesDef> = {
  gdp: {
    key: "gdp",
    seriesId: "GDP",
    title: "Gross domestic product",
    units: "billions of USD, seasonally adjusted annual rate",
    source: "fred",
    frequency: "quarterly",
    snapshot: { file: "fred_gdp_quarterly.csv", dateColumn: "date", valueColumn: "GDP_billions_usd_saar" },
  },
  unemployment: {
    key: "unemployment",
    seriesId: "UNRATE",
    title: "Unemployment rate",
    units: "percent, seasonally adjusted",
    source: "fred",
    frequency: "monthly",
    snapshot: { file: "fred_monthly_macro.csv", dateColumn: "date", valueColumn: "UNRATE_pct" },
  },
  inflation: {
    key: "inflation",
    seriesId: "CPIAUCSL",
    title: "Inflation (CPI-U, 12-month change)",
    units: "percent",
    source: "fred",
    frequency: "monthly",
    snapshot: { file: "fred_monthly_macro.csv", dateColumn: "date", valueColumn: "CPIAUCSL_yoy_pct_derived" },
    derivation:
      "(CPI for the month / CPI for the same month a year earlier − 1) × 100, rounded to 2 decimals; a month without a year-earlier value has none",
  },
  fedFunds: {
    key: "fedFunds",
    seriesId: "FEDFUNDS",
    title: "Federal funds effective rate (monthly average)",
    units: "percent",
    source: "fred",
    frequency: "monthly",
    snapshot: { file: "fred_monthly_macro.csv", dateColumn: "date", valueColumn: "FEDFUNDS_pct" },
  },
  fedFundsDaily: {
    key: "fedFundsDaily",
    seriesId: "DFF",
    title: "Federal funds effective rate",
    units: "percent",
    source: "fred",
    frequency: "daily",
    snapshot: { file: "fred_dff_daily.csv", dateColumn: "date", valueColumn: "DFF_pct" },
  },
  tenYear: {
    key: "tenYear",
    seriesId: "DGS10",
    title: "10-year Treasury constant-maturity yield",
    units: "percent",
    source: "fred",
    frequency: "daily",
    snapshot: { file: "fred_dgs_treasury_cmt_daily.csv", dateColumn: "date", valueColumn: "DGS10" },
  },
  publicDebt: {
    key: "publicDebt",
    seriesId: "debt_to_penny.tot_pub_debt_out_amt",
    title: "Total public debt outstanding (debt to the penny)",
    units: "USD",
    source: "fiscal-data",
    frequency: "daily",
    snapshot: {
      file: "treasury_debt_to_the_penny_daily.csv",
      dateColumn: "record_date",
      valueColumn: "tot_pub_debt_out_amt",
    },
  },
  cashBalance: {
    key: "cashBalance",
    seriesId: "operating_cash_balance.TGA_closing_balance",
    title: "Treasury General Account closing balance",
    units: "millions of USD",
    source: "fiscal-data",
    frequency: "daily",
    snapshot: {
      file: "treasury_operating_cash_balance_tga_daily.csv",
      dateColumn: "record_date",
      valueColumn: "tga_closing_balance_usd_millions",
    },
  },
  wti: {
    key: "wti",
    seriesId: "RWTC",
    title: "WTI crude oil spot price, Cushing OK",
    units: "USD per barrel",
    source: "eia",
    frequency: "daily",
    snapshot: { file: "eia_wti_cushing_spot_daily.csv", dateColumn: "date", valueColumn: "RWTC_usd_per_barrel" },
  },
  henryHub: {
    key: "henryHub",
    seriesId: "RNGWHHD",
    title: "Henry Hub natural gas spot price",
    units: "USD per MMBtu",
    source: "eia",
    frequency: "daily",
    snapshot: { file: "eia_henry_hub_spot_daily.csv", dateColumn: "date", valueColumn: "RNGWHHD_usd_per_mmbtu" },
  },
};
