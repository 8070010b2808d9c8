import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { ReadingCard } from "../../../components/reading-card";
import { SourceBadge } from "../../../components/source-badge";
import type { LandingStats } from "../api/contract";
import { STAT_IDS, STAT_TITLES, type StatId } from "../constants";
import { SECTION_HEADINGS, STAT_CARD_MIN_HEIGHT, STAT_GRID } from "./layout";
import { PartNote } from "./part-note";

/** The spec's figure for each card (part 2, section 2), shown beside the reading as the claim it is, never as one. */
const CLAIMS: Record<StatId, string> = {
  government: "98%",
  "multi-chain": "25+",
  quantum: "active",
  rwa: "scalable",
};

const KEYS = { government: "government", "multi-chain": "multiChain", quantum: "quantum", rwa: "rwa" } as const;

function StatCard({ id, card }: { id: StatId; card: LandingStats[keyof LandingStats] }) {
  const rwa = card.id === "rwa" ? card : null;
  return (
    <Box sx={{ minHeight: STAT_CARD_MIN_HEIGHT, display: "flex", "& > *": { flex: 1 } }} data-state={card.state}>
      <ReadingCard
        testId={`stat-${id}`}
        title={STAT_TITLES[id]}
        reading={card.value ?? "Not read"}
        plan={CLAIMS[id]}
        planLabel="Spec claim"
        note={
          <Box component="span" sx={{ display: "flex", flexDirection: "column", gap: 0.75, mt: 0.5 }}>
            {rwa?.figures ? (
              <Box component="span">
                <SourceBadge source={rwa.figures.source} reason={rwa.figures.sourceReason} />
              </Box>
            ) : null}
            <Typography
              variant="body2"
              component="span"
              data-testid={`stat-${id}-how`}
              sx={{ overflowWrap: "anywhere" }}
            >
              {card.how}
            </Typography>
            <PartNote state={card.state} readAt={card.readAt} reason={card.reason} testId={`stat-${id}-state`} />
          </Box>
        }
      />
    </Box>
  );
}

/** The four stat cards: each reading with the sentence saying how it was computed, the spec's figure beside it as a claim. */
export function StatCards({ stats }: { stats: LandingStats }) {
  return (
    <Box component="section" aria-labelledby="landing-stats-heading">
      <Typography id="landing-stats-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {SECTION_HEADINGS.stats}
      </Typography>
      <Box data-testid="stat-cards" sx={{ display: "grid", gap: 2, gridTemplateColumns: STAT_GRID }}>
        {STAT_IDS.map((id) => (
          <StatCard key={id} id={id} card={stats[KEYS[id]]} />
        ))}
      </Box>
    </Box>
  );
}
