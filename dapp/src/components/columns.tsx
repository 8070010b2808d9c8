import type { ElementType, ReactNode } from "react";
import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";

type Breakpoint = "xs" | "sm" | "md" | "lg";

/**
 * Cells side by side, `columns` of equal width per breakpoint ({ xs: 1, md: 3 }), or a template of one's own
 * ("minmax(0, 7fr) minmax(0, 5fr)"). A CSS grid: MUI's Grid is 1.7 KB gzip in a page's first load for what
 * these few lines of CSS do. Cells stretch to the row's height and may shrink below their content's width,
 * so nothing overflows at 390 px. `gap` in theme spacing units, as Grid's `spacing`.
 */
export function Columns({
  columns,
  gap = 2,
  component = "div",
  testId,
  sx,
  children,
}: {
  columns: Partial<Record<Breakpoint, number | string>>;
  gap?: number;
  component?: ElementType;
  testId?: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const template = Object.fromEntries(
    Object.entries(columns).map(([bp, c]) => [bp, typeof c === "number" ? `repeat(${c}, minmax(0, 1fr))` : c]),
  );
  return (
    <Box
      component={component}
      data-testid={testId}
      sx={[{ display: "grid", gap, gridTemplateColumns: template }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Box>
  );
}
