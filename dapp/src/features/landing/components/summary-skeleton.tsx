import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Skeleton } from "../../../components/skeleton";
import { BLOCK_IDS, BLOCK_TITLES, STAT_IDS, STAT_TITLES } from "../constants";
import {
  BLOCK_GRID,
  BLOCK_MIN_HEIGHT,
  NETWORK_GRID,
  NETWORK_ROW_MIN_HEIGHT,
  NETWORK_ROWS_RESERVED,
  SECTION_HEADINGS,
  STAT_CARD_MIN_HEIGHT,
  STAT_GRID,
} from "./layout";

const frame = { border: 1, borderColor: "divider", borderRadius: 1, p: 2, minWidth: 0 } as const;

/** The summary's sections in their final sizes, while the summary (and their code) loads: nothing moves when it comes. */
export function SummarySkeleton() {
  return (
    <Box data-testid="summary-loading" sx={{ display: "flex", flexDirection: "column", gap: 4 }}>
      <Box component="section">
        <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
          {SECTION_HEADINGS.stats}
        </Typography>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: STAT_GRID }}>
          {STAT_IDS.map((id) => (
            <Box key={id} sx={{ ...frame, minHeight: STAT_CARD_MIN_HEIGHT }}>
              <Typography variant="body2" color="text.secondary" component="h3">
                {STAT_TITLES[id]}
              </Typography>
              <Skeleton width="80%" height={40} />
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} width={i === 5 ? "60%" : "100%"} />
              ))}
            </Box>
          ))}
        </Box>
      </Box>
      <Box component="section">
        <Typography variant="h5" component="h2">
          {SECTION_HEADINGS.networks}
        </Typography>
        <Skeleton width="90%" sx={{ mb: 1 }} />
        <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: NETWORK_GRID }}>
          {Array.from({ length: NETWORK_ROWS_RESERVED }, (_, i) => (
            <Box key={i} sx={{ ...frame, p: 1.25, minHeight: NETWORK_ROW_MIN_HEIGHT }}>
              <Skeleton width="60%" />
              <Skeleton width="90%" />
            </Box>
          ))}
        </Box>
      </Box>
      <Box component="section">
        <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
          {SECTION_HEADINGS.blocks}
        </Typography>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: BLOCK_GRID }}>
          {BLOCK_IDS.map((id) => (
            <Box key={id} sx={{ ...frame, minHeight: BLOCK_MIN_HEIGHT }}>
              <Typography variant="h6" component="h3">
                {BLOCK_TITLES[id]}
              </Typography>
              <Skeleton width="50%" />
              <Skeleton width="70%" height={32} />
              <Skeleton width="90%" />
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
