import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { QueryState } from "../../../components/page-shell";
import type { ComprehensiveDataResponse } from "../api/contract";
import { useComprehensiveData } from "../api/get-comprehensive-data";
import { GovernmentFigures, type FigureGroup } from "./government-figures";
import { panelPlaceholder } from "./panel-skeleton";
import { TreasuryHealthPanel } from "./treasury-health-panel";

const groupsOf = ({ data }: ComprehensiveDataResponse): FigureGroup[] => [
  {
    title: "Economy",
    fields: [
      { label: "Federal funds rate", field: "economic.federalFundsRate", figure: data.economic.federalFundsRate },
      { label: "GDP", field: "economic.gdp", figure: data.economic.gdp },
      { label: "Unemployment", field: "economic.unemployment", figure: data.economic.unemployment },
    ],
  },
  {
    title: "Treasury",
    fields: [
      { label: "National debt", field: "treasury.nationalDebt", figure: data.treasury.nationalDebt },
      { label: "10-year yield", field: "treasury.bondYields.tenYear", figure: data.treasury.bondYields.tenYear },
    ],
  },
];

/** Government APIs: the government data panel and the Treasury's health. */
export function DashboardGovernmentTab() {
  const government = useComprehensiveData();
  return (
    <Stack spacing={4}>
      <Box component="section" aria-labelledby="dashboard-government-heading">
        <Typography id="dashboard-government-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
          Government data
        </Typography>
        <QueryState
          query={government}
          what="the government data"
          testId="government-data"
          {...panelPlaceholder("governmentFigures")}
        >
          {(d) => <GovernmentFigures groups={groupsOf(d)} answer={d} />}
        </QueryState>
      </Box>
      <Box component="section" aria-labelledby="dashboard-treasury-heading">
        <Typography id="dashboard-treasury-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
          Treasury health
        </Typography>
        <TreasuryHealthPanel />
      </Box>
    </Stack>
  );
}
