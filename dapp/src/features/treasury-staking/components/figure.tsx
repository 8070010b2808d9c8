import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

/** One label/value line of a card; the value wraps rather than overflowing at 390 px. */
export function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  note?: ReactNode;
  testId?: string;
}) {
  return (
    <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, flexWrap: "wrap", py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" component="span">
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="span"
        data-testid={testId}
        sx={{ fontWeight: 600, overflowWrap: "anywhere", textAlign: "right" }}
      >
        {value}
        {note ? (
          <Typography variant="caption" color="text.secondary" component="span" sx={{ fontWeight: 400, ml: 0.5 }}>
            {note}
          </Typography>
        ) : null}
      </Typography>
    </Box>
  );
}

/** A grid of cards: one column on a phone, up to three on a desktop (CSS grid; no MUI Grid in the first load). */
export function CardGrid({ children, min = 300, testId }: { children: ReactNode; min?: number; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: `repeat(auto-fill, minmax(${min}px, 1fr))` },
      }}
    >
      {children}
    </Box>
  );
}
