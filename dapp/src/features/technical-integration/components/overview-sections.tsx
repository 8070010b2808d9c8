import Box from "@mui/material/Box";
import type { TechnicalOverviewResponse } from "../api/contract";
import { ApiSection } from "./api-section";
import { ContractsSection } from "./contracts-section";
import { DataRoadSection } from "./data-road";
import { DependenciesSection } from "./dependencies-section";
import { LedgersSection } from "./ledgers-section";

/** Every section of the overview (loaded after the page's first paint: the tables are most of its code). */
export function OverviewSections({ o }: { o: TechnicalOverviewResponse }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 4, minWidth: 0 }}>
      <ContractsSection o={o} />
      <ApiSection o={o} />
      <LedgersSection o={o} />
      <DependenciesSection o={o} />
      <DataRoadSection o={o} />
    </Box>
  );
}
