import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { lazyPart } from "../../../components/lazy-part";
import { Skeleton } from "../../../components/skeleton";
import { paths } from "../../../config/paths";
import { useLandingSummary } from "../api/get-summary";

/** The banners and the stat cards' height, kept while the body's code loads (a frame after the first paint). */
const BODY_RESERVED = { xs: 1400, sm: 1150, lg: 820 } as const;

// The most visited page's first load is its branding and the summary call; the rest (banners, figures, the page
// grid) is one lazy part that loads right after the first paint, while the call is under way.
const LandingBody = lazyPart(() => import("./landing-body").then((m) => m.default), {
  fallback: (
    <Box sx={{ minHeight: BODY_RESERVED }}>
      <Skeleton variant="rounded" height={150} />
    </Box>
  ),
  name: "The landing page",
});

/**
 * `/`: the spec's landing page (part 2, section 2), every figure from one call (GET /api/landing/summary), each saying
 * how it was computed, and links to every other page of the page table.
 */
export function LandingPage() {
  const summary = useLandingSummary();
  return (
    <Box data-testid="landing-page" sx={{ display: "flex", flexDirection: "column", gap: 3, minWidth: 0 }}>
      <Box component="header">
        <Typography variant="overline" color="text.secondary" component="p">
          {paths.home.title}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: "2rem", sm: "3rem" }, fontWeight: 600 }}>
          XQBUSD Development Platform
        </Typography>
        <Typography variant="body1" color="text.secondary">
          Mint XQB and the XQBUSD stablecoin, stake, and bridge to Stellar and the XRP Ledger on testnets, with every
          figure read from its source.
        </Typography>
      </Box>
      <LandingBody summary={summary} />
    </Box>
  );
}
