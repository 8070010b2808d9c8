import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { LevelBadge } from "../../../components/level-badge";
import { Pill } from "../../../components/pill";
import type { LandingSummaryResponse } from "../api/contract";
import type { NetworkStatus } from "../constants";
import { NETWORK_GRID, NETWORK_ROW_MIN_HEIGHT, SECTION_HEADINGS } from "./layout";
import { PartNote } from "./part-note";

const OTHER_LABEL: Record<Exclude<NetworkStatus, "live" | "signed-offline" | "display-only">, string> = {
  unavailable: "Unavailable",
  configured: "Configured",
  "not-configured": "Not configured",
};

function StatusBadge({ status }: { status: NetworkStatus }) {
  if (status === "live" || status === "signed-offline" || status === "display-only")
    return <LevelBadge level={status} testId="network-status" />;
  return (
    <Pill
      data-testid="network-status"
      data-level={status}
      size="small"
      variant="outlined"
      label={OTHER_LABEL[status]}
      sx={{ fontWeight: 600 }}
    />
  );
}

const listSx = {
  m: 0,
  p: 0,
  listStyle: "none",
  display: "grid",
  gap: 1,
  gridTemplateColumns: NETWORK_GRID,
} as const;
const rowSx = {
  border: 1,
  borderColor: "divider",
  borderRadius: 1,
  p: 1.25,
  minHeight: NETWORK_ROW_MIN_HEIGHT,
  minWidth: 0,
} as const;

/** The named networks with their real status here (the coin layer's levels and Sepolia's configuration). */
export function NetworkList({ networks }: { networks: LandingSummaryResponse["networks"] }) {
  return (
    <Box component="section" aria-labelledby="landing-networks-heading" data-testid="network-list">
      <Typography id="landing-networks-heading" variant="h5" component="h2">
        {SECTION_HEADINGS.networks} ({networks.list.length})
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {networks.how}
      </Typography>
      <Box component="ul" sx={listSx} aria-label="Named networks">
        {networks.list.map((n) => (
          <Box component="li" key={n.name} sx={rowSx} data-testid="network" data-status={n.status}>
            <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, alignItems: "flex-start" }}>
              <Typography variant="subtitle2" component="span" sx={{ overflowWrap: "anywhere" }}>
                {n.name}
              </Typography>
              <StatusBadge status={n.status} />
            </Box>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: "anywhere" }}>
              {n.coins.length ? `${n.coins.join(", ")}: ` : null}
              {n.reason}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ mt: 1 }}>
        <PartNote state={networks.state} readAt={networks.readAt} reason={networks.reason} testId="networks-state" />
      </Box>
    </Box>
  );
}
