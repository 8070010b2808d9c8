import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { coinColumn } from "./coin-column";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { QueryState } from "../../../components/page-shell";
import { timeText } from "../../../lib/time";
import type { CoinEntryAnswer, ResponseTimesResponse } from "../api/contract";
import { useEcosystemStatus } from "../api/get-ecosystem-status";
import { usePrices } from "../api/get-prices";
import { useResponseTimes } from "../api/get-response-times";
import { useSupported } from "../api/get-supported";
import { COIN_LEVELS, RESPONSE_SAMPLE } from "../constants";
import { LEVEL_MEANING, msText } from "../utils/levels";
import { LevelBadge } from "./level-badge";

// Two charts a row from 900 px, one on a phone; measured with their titles and captions.
const CHARTS_HEIGHT = { xs: 1420, sm: 1340, md: 660 } as const;

const PriceCharts = lazyPart(() => import("./price-charts").then((m) => m.PriceCharts), {
  name: "The price charts",
  fallback: <PartLoading minHeight={CHARTS_HEIGHT} label="Loading the price charts" />,
});

const SOURCE_NAME = { coingecko: "CoinGecko", binance: "Binance" } as const;

/** Prices over time: the dated snapshots as charts, where each comes from, and the coins no file covers. */
function Prices() {
  const prices = usePrices();
  return (
    <QueryState
      query={prices}
      what="the price snapshots"
      height={CHARTS_HEIGHT.md}
      testId="prices"
      isEmpty={(d) => d.series.every((s) => s.points.length === 0)}
      empty={{ message: "No bundled price snapshot: this API has no price file." }}
    >
      {(d) => (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary" data-testid="prices-caption">
            Dated daily snapshots bundled with the API, not live prices. Sources:{" "}
            {d.sources.map((s, i) => (
              <span key={s.id}>
                {i > 0 ? "; " : ""}
                <strong>{SOURCE_NAME[s.id]}</strong>: {s.description}
              </span>
            ))}
            .
          </Typography>
          <Box sx={{ minHeight: CHARTS_HEIGHT }}>
            <PriceCharts prices={d} />
          </Box>
          {d.unpriced.length > 0 ? (
            <Typography variant="body2" data-testid="prices-unpriced">
              No bundled price for {d.unpriced.join(", ")}.
            </Typography>
          ) : null}
        </Stack>
      )}
    </QueryState>
  );
}

type TimeRow = ResponseTimesResponse["coins"][number];

const TIME_COLUMNS: DataColumn<TimeRow>[] = [
  coinColumn<TimeRow>(),
  { id: "samples", header: "Samples", align: "right", cell: (r) => r.samples },
  { id: "mean", header: "Mean", align: "right", cell: (r) => (r.meanMs === null ? "—" : msText(r.meanMs)) },
  { id: "median", header: "Median", align: "right", cell: (r) => (r.medianMs === null ? "—" : msText(r.medianMs)) },
  {
    id: "last",
    header: "Last test",
    cell: (r) => (r.lastAt === null ? "no test yet" : timeText(r.lastAt)),
  },
];

/** Response times per coin: its latest successful test transactions' wall time. */
function ResponseTimes() {
  const times = useResponseTimes();
  return (
    <QueryState query={times} what="the response times" height={600} testId="response-times">
      {(d) => (
        <Stack spacing={1}>
          {d.coins.every((c) => c.samples === 0) ? (
            <Typography variant="body2" color="text.secondary" data-testid="response-times-none">
              No test transaction yet: run one on Transaction Testing or Bulk Testing and its time shows here.
            </Typography>
          ) : null}
          <DataTable
            columns={TIME_COLUMNS}
            rows={d.coins}
            rowKey={(r) => r.symbol}
            rowProps={(r) => ({ "data-testid": "response-time-row", "data-symbol": r.symbol })}
            label="Response times per coin"
            testId="response-times-table"
          />
          <Typography variant="caption" color="text.secondary">
            Wall time of each coin&apos;s latest successful test transactions (build, sign, and submit and confirm when
            live), up to the last {RESPONSE_SAMPLE} per coin.
          </Typography>
        </Stack>
      )}
    </QueryState>
  );
}

/** The levels counted (the overview's figures) with the coins at each. */
function Levels() {
  const status = useEcosystemStatus();
  const supported = useSupported();
  const coinsAt = (level: string, coins: readonly CoinEntryAnswer[]) =>
    coins
      .filter((c) => c.level === level)
      .map((c) => c.symbol)
      .join(", ");
  return (
    <QueryState query={status} what="the level counts" height={160} testId="level-counts">
      {(s) => (
        <Box
          component="ul"
          data-testid="level-counts-list"
          sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1.5 }}
        >
          {COIN_LEVELS.map((level) => (
            <Box component="li" key={level} data-level={level} data-count={s.levels[level]}>
              <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                <LevelBadge level={level} testId="level-count-badge" />
                <Typography variant="body1" sx={{ fontWeight: 600 }}>
                  {s.levels[level]} of {s.totalCryptocurrencies}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {LEVEL_MEANING[level]}
                </Typography>
              </Box>
              {supported.data ? (
                <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
                  {coinsAt(level, supported.data.cryptocurrencies) || "none"}
                </Typography>
              ) : null}
            </Box>
          ))}
        </Box>
      )}
    </QueryState>
  );
}

/** Analytics: prices over time from the snapshots, response times per coin, and the levels counted. */
export function AnalyticsTab() {
  return (
    <Stack spacing={5}>
      <Box component="section" aria-labelledby="crypto-prices-heading">
        <Typography id="crypto-prices-heading" variant="h5" component="h2" gutterBottom>
          Prices over time
        </Typography>
        <Prices />
      </Box>
      <Box component="section" aria-labelledby="crypto-times-heading">
        <Typography id="crypto-times-heading" variant="h5" component="h2" gutterBottom>
          Response times
        </Typography>
        <ResponseTimes />
      </Box>
      <Box component="section" aria-labelledby="crypto-levels-heading">
        <Typography id="crypto-levels-heading" variant="h5" component="h2" gutterBottom>
          Levels
        </Typography>
        <Levels />
      </Box>
    </Stack>
  );
}
