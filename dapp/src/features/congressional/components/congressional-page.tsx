import { useEffect, useRef } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { lazyPart } from "../../../components/lazy-part";
import { PageShell, useTabParam } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { useCongressionalFigures } from "../api/get-figures";
import { PrintStyles } from "./print-styles";
import { SlideDeck } from "./slide-deck";
import { useFullscreen } from "./use-fullscreen";

// The deck is the first view; the dashboard and the demo load when opened (or pointed at), not with the page.
const LiveDashboard = lazyPart(() => import("./live-dashboard").then((m) => m.LiveDashboard), {
  name: "The live dashboard",
});
const InteractiveDemo = lazyPart(() => import("./interactive-demo").then((m) => m.InteractiveDemo), {
  name: "The interactive demo",
});
const PRELOAD: Partial<Record<View, () => Promise<unknown>>> = {
  dashboard: () => LiveDashboard.preload(),
  demo: () => InteractiveDemo.preload(),
};

const VIEWS = ["slides", "dashboard", "demo"] as const;
type View = (typeof VIEWS)[number];
const VIEW_LABELS: Record<View, string> = {
  slides: "Slide presentation",
  dashboard: "Live dashboard",
  demo: "Interactive demo",
};

/**
 * /congressional-presentation: the deck (eight slides), the live dashboard (six cards) and the interactive demo
 * (four tabs into the real pages), in `?view=`, with a fullscreen toggle on the presentation area. The figures come
 * from one call, each saying how it was computed; the spec's defaults show only where data is missing, labelled.
 */
export function CongressionalPage() {
  const [view, setView] = useTabParam(VIEWS, "slides", "view");
  const figures = useCongressionalFigures();
  const stage = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(stage);
  // Escape leaves fullscreen (the browser does too; this covers a browser that leaves the key to the page).
  const exitFullscreen = fullscreen.exit;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") void exitFullscreen();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [exitFullscreen]);

  return (
    <PageShell
      testId="congressional-page"
      title={paths.congressionalPresentation.title}
      subtitle="A presentation for government officials: eight slides, a live dashboard whose figures are read from their sources, and a demo that leads into the real pages."
    >
      <Stack
        className="congressional-no-print"
        direction="row"
        role="group"
        aria-label="View"
        sx={{ flexWrap: "wrap", gap: 1 }}
      >
        {VIEWS.map((v) => (
          <Button
            key={v}
            variant={v === view ? "contained" : "outlined"}
            aria-pressed={v === view}
            onClick={() => setView(v)}
            onPointerEnter={() => void PRELOAD[v]?.().catch(() => {})}
            onFocus={() => void PRELOAD[v]?.().catch(() => {})}
            data-testid={`view-${v}`}
          >
            {VIEW_LABELS[v]}
          </Button>
        ))}
        <Button
          variant="text"
          onClick={() => void fullscreen.toggle()}
          disabled={!fullscreen.supported}
          aria-pressed={fullscreen.active}
          data-testid="fullscreen-toggle"
          title={fullscreen.supported ? undefined : "This browser offers no fullscreen"}
        >
          {fullscreen.active ? "Exit fullscreen" : "Fullscreen"}
        </Button>
      </Stack>
      <Box
        ref={stage}
        data-testid="presentation-stage"
        data-fullscreen={fullscreen.active}
        sx={{
          minWidth: 0,
          "&:fullscreen": { bgcolor: "background.default", p: { xs: 2, sm: 6 }, overflow: "auto" },
        }}
      >
        {fullscreen.active ? (
          <Button
            className="congressional-no-print"
            size="small"
            onClick={() => void fullscreen.exit()}
            sx={{ float: "right" }}
            data-testid="fullscreen-exit"
          >
            Exit fullscreen (Esc)
          </Button>
        ) : null}
        {view === "slides" ? (
          <>
            <PrintStyles />
            <SlideDeck figures={figures} />
          </>
        ) : view === "dashboard" ? (
          <LiveDashboard figures={figures} />
        ) : (
          <InteractiveDemo />
        )}
      </Box>
    </PageShell>
  );
}
