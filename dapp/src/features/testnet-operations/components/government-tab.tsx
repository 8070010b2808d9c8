import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { ActionButton } from "../../../components/form/action-button";
import { Notice } from "../../../components/notice";
import type { GovernmentDataResponse } from "../api/contract";
import { latestOf } from "../utils/runs-store";
import { GovernmentFigures, type FigureGroup } from "./government-figures";
import { useRunTest, useRuns } from "./runs-context";

const groupsOf = (a: GovernmentDataResponse): FigureGroup[] => [
  {
    title: "Federal Reserve (FRED)",
    fields: [
      { label: "GDP", field: "federalReserve.gdp", figure: a.federalReserve.gdp },
      { label: "Unemployment", field: "federalReserve.unemployment", figure: a.federalReserve.unemployment },
      { label: "Inflation", field: "federalReserve.inflation", figure: a.federalReserve.inflation },
    ],
  },
  {
    title: "Treasury (Fiscal Data)",
    fields: [
      { label: "Public debt", field: "treasury.publicDebt", figure: a.treasury.publicDebt },
      { label: "Cash balance", field: "treasury.balance", figure: a.treasury.balance },
    ],
  },
  {
    title: "Energy (EIA)",
    fields: [
      { label: "Crude oil price", field: "eia.crudeOilPrice", figure: a.eia.crudeOilPrice },
      { label: "Natural gas price", field: "eia.naturalGasPrice", figure: a.eia.naturalGasPrice },
    ],
  },
];

/** Government APIs: the seven official figures, each live or the bundled snapshot, checkable by date and series. */
export function GovernmentTab() {
  const { entries, running } = useRuns();
  const run = useRunTest();
  const latest = latestOf(entries, "government");
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <ActionButton
          label="Fetch Government Data"
          pendingLabel="Fetching…"
          pending={running.has("government")}
          busy={false}
          reason={null}
          testId="government-button"
          onClick={() => void run("government", undefined)}
        />
        <Typography variant="body2" color="text.secondary">
          GDP, unemployment and inflation from FRED, the public debt and the Treasury&apos;s cash balance from Fiscal
          Data, WTI crude and Henry Hub gas from the EIA: each read live when its publisher answers within 3 s, else the
          bundled official file, and labelled so.
        </Typography>
      </Stack>
      {latest?.error ? (
        <Notice severity="error" data-testid="government-error">
          Government Data Failed: {latest.error}
        </Notice>
      ) : null}
      {latest?.answer ? (
        <GovernmentFigures groups={groupsOf(latest.answer)} answer={latest.answer} />
      ) : latest ? null : (
        <Typography variant="body2" color="text.secondary" data-testid="government-empty">
          Not fetched yet: Fetch Government Data (or Run All Real Tests) reads them.
        </Typography>
      )}
    </Stack>
  );
}
