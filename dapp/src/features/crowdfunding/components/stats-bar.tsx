import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import type { Address } from "viem";
import { Fact, Facts } from "../../../components/facts";
import { SourceBadge } from "../../../components/source-badge";
import { useStats } from "../api/get-stats";

/** The connected wallet's stats, shown only once they loaded (the spec's rule); nothing for a visitor. */
export function StatsBar({ wallet }: { wallet: Address | undefined }) {
  const stats = useStats(wallet);
  if (!wallet || !stats.data) return null;
  const s = stats.data;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="stats-bar" aria-label="Your stats">
      <Facts stackOnPhone>
        <Fact term="VibeCoins" testId="stats-vibe">
          <Box component="span" sx={{ display: "inline-flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
            {s.vibecoinsBalance === null
              ? "not readable"
              : `${Number(s.vibecoinsBalance).toLocaleString("en-US")} VIBE`}
            <SourceBadge source={s.source} reason={s.reason} />
          </Box>
        </Fact>
        <Fact term="Environmental score" testId="stats-score">
          {s.environmentalScore} ({s.fundings} fundings, {s.verifications} verifications)
        </Fact>
        <Fact term="Gaming level" testId="stats-level">
          {s.gamingLevel}
        </Fact>
      </Facts>
    </Paper>
  );
}
