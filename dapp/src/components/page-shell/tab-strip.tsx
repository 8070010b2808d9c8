import { useRef, type KeyboardEvent } from "react";
import Box from "@mui/material/Box";

/**
 * The WAI-ARIA tabs pattern (tablist / tab, roving tabindex, manual activation) on plain buttons. MUI's
 * Tabs did the same with 6 KB gzip of scroll buttons, ripple and indicator animation that every page paid
 * in its first load; this strip is the part we used: one focusable tab at a time, Left/Right/Home/End move
 * the focus (wrapping), Enter/Space or a click selects, the selected tab is underlined and scrolled into
 * view, and the row scrolls sideways on a narrow screen instead of wrapping or being cut off.
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
  return (
    <Box
      role="tablist"
      aria-label={label}
      sx={{
        display: "flex",
        overflowX: "auto",
        borderBottom: 1,
        borderColor: "divider",
        scrollbarWidth: "thin",
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
              event.currentTarget.scrollIntoView?.({ block: "nearest", inline: "nearest" });
            }}
            onFocus={(event) => {
              onIntent?.(t.id);
              event.currentTarget.scrollIntoView?.({ block: "nearest", inline: "nearest" });
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
  );
}
