import { lazy, Suspense } from "react";
import Box from "@mui/material/Box";
import { alpha, darken, useTheme, type Theme } from "@mui/material/styles";
import { Pill } from "./pill";
import { visuallyHidden } from "./visually-hidden";

/**
 * `live`: submitted to / read from the network now. `simulated`: signed offline, never submitted.
 * `snapshot`: official data from a copy bundled with the app (e.g. the Treasury's yield curve when its
 * site is unreachable), so a reading, but not fetched just now.
 */
export type Source = "live" | "simulated" | "snapshot";

const LABEL: Record<Source, string> = { live: "Live", simulated: "Simulated", snapshot: "Snapshot" };

// The tooltip (with Popper, some 12 KB gzip) loads when a Simulated badge first renders, not with every
// page: until it arrives the badge shows without it, the reason already in its accessible name.
const Tooltip = lazy(() => import("@mui/material/Tooltip"));

/**
 * The badge's ink and fill in each state, from the theme's palette. Simulated is written in the theme's
 * warning amber darkened by 30 % (8.5:1 on white; MUI's own orange #ed6c02 was 3.1:1, under WCAG AA's 4.5:1)
 * on a faint tint of it; Live is white on the success green (5.1:1). `background` is the colour
 * the reader actually sees behind the text (the tint laid over the paper), which the contrast test uses.
 */
export function sourceBadgeColors(theme: Theme) {
  return {
    live: {
      ink: theme.palette.success.contrastText,
      fill: theme.palette.success.main,
      border: theme.palette.success.main,
    },
    simulated: {
      ink: darken(theme.palette.warning.main, 0.3),
      fill: alpha(theme.palette.warning.main, 0.08),
      border: darken(theme.palette.warning.main, 0.3),
    },
    // A reading all the same, so not the warning's amber: the theme's info blue on a faint tint of it.
    snapshot: {
      ink: theme.palette.info.main,
      fill: alpha(theme.palette.info.main, 0.08),
      border: theme.palette.info.main,
    },
  } as const;
}

/**
 * Live (submitted to a ledger), Simulated (signed offline, never submitted) or Snapshot (official data
 * from the bundled copy) with the reason. The reason is
 * part of the chip's text for screen readers (visually hidden), and the chip takes keyboard focus so the
 * tooltip that shows it on hover also shows on focus.
 */
export function SourceBadge({ source, reason }: { source: Source; reason?: string | null }) {
  const theme = useTheme();
  const colors = sourceBadgeColors(theme)[source];
  const live = source === "live";
  const chip = (
    <Pill
      data-testid="source-badge"
      data-source={source}
      tabIndex={!live && reason ? 0 : undefined}
      label={
        <>
          {LABEL[source]}
          {!live && reason ? <Box component="span" sx={visuallyHidden}>{`: ${reason}`}</Box> : null}
        </>
      }
      size="small"
      variant="outlined"
      sx={{
        color: colors.ink,
        bgcolor: colors.fill,
        borderColor: colors.border,
        fontWeight: 600,
        "&:focus-visible": { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      }}
    />
  );
  // describeChild: the tooltip describes the chip (aria-describedby) instead of replacing its name.
  return !live && reason ? (
    <Suspense fallback={chip}>
      <Tooltip title={reason} arrow describeChild>
        {chip}
      </Tooltip>
    </Suspense>
  ) : (
    chip
  );
}
