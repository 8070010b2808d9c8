import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Columns } from "../../../components/columns";
import { Fact, Facts } from "../../../components/facts";
import { QueryState } from "../../../components/page-shell";
import { Pill } from "../../../components/pill";
import { Skeleton } from "../../../components/skeleton";
import { timeText } from "../../../lib/time";
import { usePlatforms } from "../api/get-dashboard";
import type { PlatformCard } from "../api/contract";
import type { PlatformId } from "../constants";
import { pagesOf } from "./platform-links";
import { StatusPill } from "./status-pill";

const GRID = { xs: 1, sm: 2, lg: 3 } as const;

/** One platform card: a toggle button (Enter or Space selects it), its status, feature chips and measured metrics. */
function Card({ p, selected, onSelect }: { p: PlatformCard; selected: boolean; onSelect: () => void }) {
  return (
    <ButtonBase
      onClick={onSelect}
      aria-pressed={selected}
      aria-controls="platform-details"
      data-testid="platform-card"
      data-platform={p.id}
      data-status={p.status}
      focusRipple
      sx={{
        // a native button centres its content vertically: the card's text starts at its top instead
        display: "flex",
        flexDirection: "column",
        alignItems: "stretch",
        justifyContent: "flex-start",
        width: "100%",
        height: "100%",
        textAlign: "left",
        borderRadius: 1,
        border: 1,
        borderColor: selected ? "primary.main" : "divider",
        outline: selected ? "1px solid" : "none",
        outlineColor: "primary.main",
        p: 2,
        "&.Mui-focusVisible": { outline: "2px solid", outlineColor: "primary.main" },
      }}
    >
      <Box component="span" sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", mb: 0.5 }}>
        <Typography component="span" variant="h6" sx={{ fontSize: "1.1rem" }}>
          {p.name}
        </Typography>
        <StatusPill status={p.status} testId="platform-status" />
      </Box>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block", mb: 1 }}>
        {p.description}
      </Typography>
      {p.features.length ? (
        <Box component="span" sx={{ display: "flex", gap: 0.5, flexWrap: "wrap", mb: 1 }}>
          {p.features.map((f) => (
            <Pill key={f} size="small" variant="outlined" label={f} />
          ))}
        </Box>
      ) : null}
      {p.metrics.map((m) => (
        <Typography
          key={m.label}
          component="span"
          variant="body2"
          data-testid="platform-metric"
          sx={{ display: "block", overflowWrap: "anywhere" }}
        >
          <Box component="span" sx={{ color: "text.secondary" }}>
            {m.label}:
          </Box>{" "}
          {m.value}
        </Typography>
      ))}
    </ButtonBase>
  );
}

/** The selected platform: why its status, each metric with how it is measured, and our pages about it. */
function Details({ p }: { p: PlatformCard | null }) {
  if (!p)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="platform-details-empty">
        Select a platform to see how its status and metrics are read, and the pages about it.
      </Typography>
    );
  const pages = pagesOf(p.id);
  return (
    <Stack spacing={1.5} data-testid="platform-details" data-platform={p.id}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
        <Typography variant="h6" component="h2">
          {p.name}
        </Typography>
        <StatusPill status={p.status} />
      </Stack>
      <Typography variant="body2" data-testid="platform-status-basis">
        {p.statusBasis}
      </Typography>
      {p.metrics.length ? (
        <Facts stackOnPhone testId="platform-metrics">
          {p.metrics.map((m) => (
            <Fact key={m.label} term={m.label}>
              {m.value}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ display: "block" }}>
                {m.how}
              </Typography>
            </Fact>
          ))}
        </Facts>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No metric: this product has nothing of this kind to measure.
        </Typography>
      )}
      {pages.length ? (
        <Box>
          <Typography variant="subtitle2" component="h3">
            Pages about it
          </Typography>
          <Stack component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="platform-pages">
            {pages.map((page) => (
              <li key={page.path}>
                <Link component={RouterLink} to={page.path}>
                  {page.title}
                </Link>
              </li>
            ))}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}

/** The seven platform cards (spec part 1 §2); selecting one shows its details below the grid. */
export function OverviewTab() {
  const platforms = usePlatforms();
  const [selected, setSelected] = useState<PlatformId | null>(null);
  return (
    <QueryState
      query={platforms}
      what="the platform cards"
      height={720}
      testId="platforms"
      skeleton={
        <Columns columns={GRID}>
          {Array.from({ length: 7 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={220} />
          ))}
        </Columns>
      }
    >
      {(data) => (
        <Stack spacing={3}>
          <Typography variant="caption" color="text.secondary" data-testid="platforms-read-at">
            Read {timeText(data.timestamp)}. A status is the worse of a reading now and the last stored operation run
            that looked at the platform.
          </Typography>
          <Columns columns={GRID} testId="platform-cards">
            {data.platforms.map((p) => (
              <Card
                key={p.id}
                p={p}
                selected={selected === p.id}
                onSelect={() => setSelected(selected === p.id ? null : p.id)}
              />
            ))}
          </Columns>
          <Paper variant="outlined" id="platform-details" sx={{ p: 2 }} role="region" aria-label="Selected platform">
            <Box aria-live="polite">
              <Details p={data.platforms.find((p) => p.id === selected) ?? null} />
            </Box>
          </Paper>
        </Stack>
      )}
    </QueryState>
  );
}
