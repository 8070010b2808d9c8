import type { ReactNode } from "react";
import Box from "@mui/material/Box";

/**
 * Cards side by side: one column on a phone, two from `sm`, `columns` from `md`. A CSS grid (MUI's Grid
 * would be a chunk of its own in the first load for what three lines of CSS do); every cell stretches to the
 * row's height and may shrink below its content's width, so nothing overflows at 390 px.
 */
export function CardGrid({ columns = 4, children, testId }: { columns?: 2 | 4; children: ReactNode; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: {
          xs: "minmax(0, 1fr)",
          sm: columns === 2 ? "minmax(0, 1fr)" : "repeat(2, minmax(0, 1fr))",
          md: `repeat(${columns}, minmax(0, 1fr))`,
        },
      }}
    >
      {children}
    </Box>
  );
}
