import { useEffect } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Notice } from "../../../components/notice";
import type { useCongressionalFigures } from "../api/get-figures";
import { SLIDES, type Slide } from "../slides";
import { ClaimLabel } from "./figure-basis";
import { SlideStats } from "./slide-stats";
import { useSlideParam } from "./use-slide-param";

/** Keys belong to a control that has focus (a space on a button presses it; typing in a field types). */
const ownsKeys = (target: EventTarget | null) =>
  target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable='true']") !== null;
const pressesSpace = (target: EventTarget | null) =>
  target instanceof HTMLElement && target.closest("button, a, [role='button'], [role='tab']") !== null;

function SlideBody({
  slide,
  n,
  figures,
}: {
  slide: Slide;
  n: number;
  figures: ReturnType<typeof useCongressionalFigures>;
}) {
  return (
    <Stack spacing={2}>
      <Typography variant="overline" color="text.secondary" component="p">
        Slide {n} of {SLIDES.length}
      </Typography>
      <Typography variant="h4" component="h2" sx={{ fontSize: { xs: "1.6rem", sm: "2.125rem" } }}>
        {slide.title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {slide.points.map((p) => (
          <Typography key={p} component="li" variant="body1" sx={{ mb: 0.5 }}>
            {p}
          </Typography>
        ))}
      </Box>
      {slide.notHere ? (
        <Notice severity="info" role="note" data-testid="not-here">
          {slide.notHere}
        </Notice>
      ) : null}
      {slide.claims ? (
        <Box data-testid="slide-claims">
          {slide.claims.map((c) => (
            <Typography key={c} variant="body2" sx={{ display: "flex", gap: 1, alignItems: "center", mb: 0.5 }}>
              <ClaimLabel /> {c}
            </Typography>
          ))}
        </Box>
      ) : null}
      {slide.stats ? <SlideStats figures={figures} /> : null}
    </Stack>
  );
}

/**
 * The eight slides: Previous and Next wrap, a dot per slide, right arrow or space forward and left arrow back (the
 * page's keys while the deck shows), the slide number in the URL. Every slide is in the page, the others hidden, so
 * printing gives a handout of all eight, one a page (print-styles.tsx).
 */
export function SlideDeck({ figures }: { figures: ReturnType<typeof useCongressionalFigures> }) {
  const { index, go, step } = useSlideParam(SLIDES.length);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || ownsKeys(e.target)) return;
      if (e.key === "ArrowRight" || (e.key === " " && !pressesSpace(e.target))) {
        e.preventDefault();
        step(1);
      } else if (e.key === "ArrowLeft") {
        e.preventDefault();
        step(-1);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [step]);

  return (
    <Box data-testid="slide-deck" data-slide-index={index}>
      {SLIDES.map((slide, i) => (
        <Box
          key={slide.id}
          component="section"
          className="congressional-slide"
          data-testid="slide"
          data-slide={slide.id}
          aria-roledescription="slide"
          aria-label={`${i + 1} of ${SLIDES.length}: ${slide.title}`}
          hidden={i !== index}
          sx={{ minHeight: { sm: 420 } }}
        >
          <SlideBody slide={slide} n={i + 1} figures={figures} />
        </Box>
      ))}
      <Stack
        className="congressional-no-print"
        direction="row"
        spacing={1}
        sx={{ mt: 3, alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", rowGap: 1 }}
      >
        <Button variant="outlined" onClick={() => step(-1)} data-testid="slide-previous">
          Previous
        </Button>
        <Box role="group" aria-label="Slides" sx={{ display: "flex", flexWrap: "wrap", justifyContent: "center" }}>
          {SLIDES.map((slide, i) => (
            <Box
              key={slide.id}
              component="button"
              type="button"
              data-testid="slide-dot"
              aria-label={`Slide ${i + 1}: ${slide.title}`}
              aria-current={i === index ? "step" : undefined}
              onClick={() => go(i)}
              sx={(theme) => ({
                width: 32,
                height: 32,
                p: 0,
                border: 0,
                bgcolor: "transparent",
                cursor: "pointer",
                display: "grid",
                placeItems: "center",
                "&::after": {
                  content: '""',
                  width: 12,
                  height: 12,
                  borderRadius: "50%",
                  bgcolor: i === index ? theme.palette.primary.main : theme.palette.action.disabled,
                },
                "&:focus-visible": { outline: `2px solid ${theme.palette.primary.main}`, borderRadius: "50%" },
              })}
            />
          ))}
        </Box>
        <Button variant="contained" onClick={() => step(1)} data-testid="slide-next">
          Next
        </Button>
      </Stack>
    </Box>
  );
}
