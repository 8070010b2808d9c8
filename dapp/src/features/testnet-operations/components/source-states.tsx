import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Pill, type PillColor } from "../../../components/pill";
import { timeText } from "../../../lib/time";
import type { GovernmentDataResponse } from "../api/contract";

type SourceState = GovernmentDataResponse["sources"][number];

const STATE: Record<SourceState["live"], { label: string; color: PillColor }> = {
  live: { label: "answering live", color: "success" },
  disabled: { label: "live disabled", color: "default" },
  failed: { label: "live failed", color: "error" },
  "not-tried": { label: "not tried yet", color: "default" },
};

/** Each publisher's live state and why: FRED, Fiscal Data and EIA, as the API last found them. */
export function SourceStates({ sources }: { sources: readonly SourceState[] }) {
  return (
    <Box component="ul" data-testid="source-states" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1 }}>
      {sources.map((s) => (
        <Box
          component="li"
          key={s.source}
          data-testid="source-state"
          data-source={s.source}
          data-live={s.live}
          sx={{ display: "flex", gap: 1, alignItems: "baseline", flexWrap: "wrap", minWidth: 0 }}
        >
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
            {s.name}
          </Typography>
          <Pill size="small" variant="outlined" color={STATE[s.live].color} label={STATE[s.live].label} />
          <Typography
            variant="body2"
            color="text.secondary"
            component="span"
            sx={{ overflowWrap: "anywhere", minWidth: 0 }}
          >
            {s.reason}
            {s.latencyMs !== null ? ` · ${s.latencyMs} ms` : ""}
            {s.lastSuccessAt ? ` · last success ${timeText(s.lastSuccessAt)}` : ""}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
