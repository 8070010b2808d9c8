import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import Box from "@mui/material/Box";
import { PathIcon } from "../path-icon";

/** Material's ChevronLeft and ChevronRight paths. */
const CHEVRON_LEFT = "M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z";
const CHEVRON_RIGHT = "M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z";
/** The width an edge's arrow covers: a tab scrolled into view clears it. */
const EDGE = 40;

/** Which ends of a scrolling row have something hidden beyond them. */
export type Overflow = { start: boolean; end: boolean };

function overflowOf(el: HTMLElement): Overflow {
  const hidden = el.scrollWidth - el.clientWidth;
  return { start: hidden > 1 && el.scrollLeft > 1, end: hidden > 1 && el.scrollLeft < hidden - 1 };
}

/** Scrolls the row sideways (never the page) so `tab` is wholly visible, clear of the edge arrows. */
function reveal(row: HTMLElement, tab: HTMLElement) {
  const left = tab.offsetLeft;
  const right = left + tab.offsetWidth;
  if (left - EDGE < row.scrollLeft) row.scrollLeft = Math.max(0, left - EDGE);
  else if (right + EDGE > row.scrollLeft + row.clientWidth) row.scrollLeft = right + EDGE - row.clientWidth;
}

function EdgeArrow({ side, onClick }: { side: "start" | "end"; onClick: () => void }) {
  return (
    // Hidden from assistive technology and out of the Tab order: Left/Right already move the focus along the
    // tabs (and scroll to it); the arrow is the pointer's and the eye's cue that more tabs lie that way.
    <Box
      component="button"
      type="button"
      aria-hidden
      tabIndex={-1}
      data-testid={`tab-strip-more-${side}`}
      onClick={onClick}
      sx={{
        position: "absolute",
        top: 0,
        bottom: "1px",
        [side === "start" ? "left" : "right"]: 0,
        width: 32,
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        p: 0,
        border: 0,
        bgcolor: "transparent",
        color: "text.secondary",
        cursor: "pointer",
        "& > svg": { bgcolor: "background.paper", borderRadius: "50%", boxShadow: 1 },
        "&:hover": { color: "text.primary" },
      }}
    >
      <PathIcon d={side === "start" ? CHEVRON_LEFT : CHEVRON_RIGHT} fontSize="small" />
    </Box>
  );
}

/**
 * The WAI-ARIA tabs pattern (tablist / tab, roving tabindex, manual activation) on plain buttons. MUI's
 * Tabs did the same with 6 KB gzip of scroll buttons, ripple and indicator animation that every page paid
 * in its first load; this strip is the part we used: one focusable tab at a time, Left/Right/Home/End move
 * the focus (wrapping), Enter/Space or a click selects, the selected tab is underlined and scrolled into
 * view (on load too), and the row scrolls sideways on a narrow screen instead of wrapping or being cut off.
 * When it does not fit, it shows it: the side with hidden tabs fades out and carries a small arrow that
 * scrolls that way (`data-overflow-start` / `data-overflow-end` on the strip say which).
 */
export function TabStrip<T extends string>({
  tabs,
  selected,
  onSelect,
  label,
  idPrefix,
  onIntent,
}: {
  tabs: readonly { id: T; label: string }[];
  selected: T;
  onSelect: (id: T) => void;
  label: string;
  idPrefix: string;
  /** The visitor is about to open this tab: the pointer is over it, a finger is down on it, or it has the focus. */
  onIntent?: (id: T) => void;
}) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const rowRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  const measure = useCallback(() => {
    const row = rowRef.current;
    if (!row) return;
    const next = overflowOf(row);
    setOverflow((old) => (old.start === next.start && old.end === next.end ? old : next));
  }, []);
  // The selected tab in view from the first paint (a link to the fifth tab on a phone), then the cue measured;
  // again whenever the row's width changes (rotation, a resized window).
  useLayoutEffect(() => {
    const row = rowRef.current;
    const tab = refs.current.get(selected);
    if (row && tab) reveal(row, tab);
    measure();
  }, [selected, tabs.length, measure]);
  useLayoutEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    return () => observer.disconnect();
  }, [measure]);
  const revealTab = (tab: HTMLElement) => {
    if (rowRef.current) reveal(rowRef.current, tab);
  };
  const page = (direction: 1 | -1) => {
    const row = rowRef.current;
    if (!row) return;
    const by = direction * Math.max(row.clientWidth - 2 * EDGE, EDGE);
    if (typeof row.scrollBy === "function") row.scrollBy({ left: by, behavior: "smooth" });
    else row.scrollLeft += by;
  };
  const focusAt = (index: number) => {
    const n = tabs.length;
    const t = tabs[((index % n) + n) % n];
    if (t) refs.current.get(t.id)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const move = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (move === undefined) return;
    event.preventDefault();
    focusAt(move);
  };
  const fade = `linear-gradient(to right, ${overflow.start ? `transparent, #000 ${EDGE}px` : "#000"}, ${
    overflow.end ? `#000 calc(100% - ${EDGE}px), transparent` : "#000"
  })`;
  return (
    <Box
      data-testid="tab-strip"
      data-overflow-start={overflow.start}
      data-overflow-end={overflow.end}
      sx={{ position: "relative" }}
    >
      <Box
        ref={rowRef}
        role="tablist"
        aria-label={label}
        onScroll={measure}
        sx={{
          position: "relative",
          display: "flex",
          overflowX: "auto",
          borderBottom: 1,
          borderColor: "divider",
          scrollbarWidth: "none",
          "&::-webkit-scrollbar": { display: "none" },
          ...(overflow.start || overflow.end ? { maskImage: fade, WebkitMaskImage: fade } : {}),
        }}
      >
        {tabs.map((t, index) => {
          const isSelected = t.id === selected;
          return (
            <Box
              component="button"
              type="button"
              key={t.id}
              ref={(el: HTMLButtonElement | null) => {
                if (el) refs.current.set(t.id, el);
                else refs.current.delete(t.id);
              }}
              role="tab"
              id={`${idPrefix}-tab-${t.id}`}
              aria-controls={`${idPrefix}-tabpanel-${t.id}`}
              aria-selected={isSelected}
              tabIndex={isSelected ? 0 : -1}
              data-testid={`tab-${t.id}`}
              onClick={(event) => {
                onSelect(t.id);
                revealTab(event.currentTarget);
              }}
              onFocus={(event) => {
                onIntent?.(t.id);
                revealTab(event.currentTarget);
              }}
              onPointerEnter={() => onIntent?.(t.id)}
              onPointerDown={() => onIntent?.(t.id)}
              onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => onKeyDown(event, index)}
              sx={{
                flexShrink: 0,
                minHeight: 48,
                px: 2,
                py: 1.5,
                mb: "-1px",
                border: 0,
                borderBottom: 2,
                borderColor: isSelected ? "primary.main" : "transparent",
                bgcolor: "transparent",
                color: isSelected ? "primary.main" : "text.secondary",
                font: "inherit",
                fontSize: "0.875rem",
                fontWeight: 600,
                lineHeight: 1.25,
                whiteSpace: "nowrap",
                cursor: "pointer",
                "&:hover": { color: isSelected ? "primary.main" : "text.primary", bgcolor: "action.hover" },
                "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineOffset: -2 },
              }}
            >
              {t.label}
            </Box>
          );
        })}
      </Box>
      {overflow.start ? <EdgeArrow side="start" onClick={() => page(-1)} /> : null}
      {overflow.end ? <EdgeArrow side="end" onClick={() => page(1)} /> : null}
    </Box>
  );
}
