import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Columns } from "../../../components/columns";
import type { RoadLayer, TechnicalOverviewResponse } from "../api/contract";
import { Section } from "./section";

/** Items shown on a layer before "all n" folds the rest away, so a phone sees the road, not one long list. */
const SHOWN = 6;

const itemSx = {
  display: "inline-block",
  px: 0.75,
  py: 0.25,
  mr: 0.5,
  mb: 0.5,
  borderRadius: 0.5,
  bgcolor: "action.hover",
  fontSize: "0.75rem",
  fontFamily: "monospace",
  overflowWrap: "anywhere",
  maxWidth: "100%",
} as const;

function Items({ items }: { items: readonly string[] }) {
  const list = (xs: readonly string[]) =>
    xs.map((x) => (
      <Box component="span" key={x} sx={itemSx} data-testid="road-item">
        {x}
      </Box>
    ));
  if (items.length <= SHOWN) return <Box>{list(items)}</Box>;
  return (
    <Box>
      {list(items.slice(0, SHOWN))}
      <Box component="details">
        <Box component="summary" sx={{ cursor: "pointer", fontSize: "0.8rem", color: "text.secondary" }}>
          {items.length - SHOWN} more
        </Box>
        <Box sx={{ mt: 0.5 }}>{list(items.slice(SHOWN))}</Box>
      </Box>
    </Box>
  );
}

/** One layer as a box; the arrow below it points to the next layer (drawn, not read: aria-hidden). */
function Layer({ layer, last, step }: { layer: RoadLayer; last: boolean; step: number }) {
  return (
    <Box component="li" data-testid="road-layer" data-layer={layer.id} sx={{ listStyle: "none", minWidth: 0 }}>
      <Box sx={{ border: 2, borderColor: "primary.main", borderRadius: 1.5, p: 1.25, bgcolor: "background.paper" }}>
        <Box sx={{ display: "flex", alignItems: "baseline", gap: 1, flexWrap: "wrap", mb: 0.5 }}>
          <Typography component="span" variant="caption" color="primary" sx={{ fontWeight: 700 }}>
            {step}
          </Typography>
          <Typography component="h4" variant="subtitle2">
            {layer.label}
          </Typography>
          <Typography component="span" variant="caption" color="text.secondary" data-testid="road-count">
            {layer.items.length}
          </Typography>
        </Box>
        <Items items={layer.items} />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
          {layer.basis}
        </Typography>
      </Box>
      {last ? null : (
        <Box aria-hidden="true" sx={{ textAlign: "center", color: "primary.main", lineHeight: 1, py: 0.5 }}>
          <svg width="16" height="20" viewBox="0 0 16 20">
            <path d="M8 0v15M2 10l6 7 6-7" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
        </Box>
      )}
    </Box>
  );
}

function Road({ id, title, layers }: { id: string; title: string; layers: readonly RoadLayer[] }) {
  return (
    <Box data-testid={`road-${id}`} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" id={`road-${id}-heading`} sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box component="ol" aria-labelledby={`road-${id}-heading`} sx={{ m: 0, p: 0 }}>
        {layers.map((l, i) => (
          <Layer key={l.id} layer={l} step={i + 1} last={i === layers.length - 1} />
        ))}
      </Box>
    </Box>
  );
}

/** The architecture as the two roads data takes, each layer with what the code holds there. */
export function DataRoadSection({ o }: { o: TechnicalOverviewResponse }) {
  return (
    <Section id="road" title="Architecture: the data road" source={o.rules.road}>
      <Columns columns={{ xs: 1, md: 2 }} gap={3}>
        <Road id="server" title="Server road: chain to page" layers={o.road.server} />
        <Road id="wallet" title="Wallet road: page to chain and back" layers={o.road.wallet} />
      </Columns>
    </Section>
  );
}
