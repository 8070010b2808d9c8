import Box from "@mui/material/Box";
import type { LandingSummaryResponse } from "../api/contract";
import { BlockCards } from "./block-cards";
import { NetworkList } from "./network-list";
import { StatCards } from "./stat-cards";

/** The summary's sections: a lazy part of the landing page, so its first load is the header, the links and skeletons. */
export default function SummarySections({ summary }: { summary: LandingSummaryResponse }) {
  return (
    <Box
      sx={{ display: "flex", flexDirection: "column", gap: 4 }}
      data-testid="summary"
      data-computed-at={summary.computedAt}
    >
      <StatCards stats={summary.stats} />
      <NetworkList networks={summary.networks} />
      <BlockCards blocks={summary.blocks} />
    </Box>
  );
}
