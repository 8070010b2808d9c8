import type { HTMLAttributes, ReactNode } from "react";
import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";

export type PillProps = Omit<HTMLAttributes<HTMLSpanElement>, "color"> & {
  sx?: SxProps<Theme>;
  [data: `data-${string}`]: string | number | boolean | undefined;
  label: ReactNode;
  /** Text colour, fill and border (theme paths like "success.dark" or CSS colours). */
  ink: string;
  fill?: string;
  border?: string;
};

/**
 * A small status label with the look of MUI's small Chip (24 px high, rounded, 13 px text), made of a Box:
 * Chip brings ButtonBase's ripple, its delete icon and its styles (3.8 KB gzip) into every first load
 * that shows a badge, and a badge is never a button. Forwards every other prop (data-*, tabIndex, a
 * Tooltip's handlers and ref) to its span.
 */
export function Pill({ label, ink, fill = "transparent", border, sx, ...rest }: PillProps) {
  return (
    <Box
      component="span"
      {...rest}
      sx={[
        {
          display: "inline-flex",
          alignItems: "center",
          height: 24,
          px: "8px",
          borderRadius: "12px",
          border: "1px solid",
          borderColor: border ?? fill,
          bgcolor: fill,
          color: ink,
          fontSize: "0.8125rem",
          lineHeight: 1.2,
          fontWeight: 600,
          whiteSpace: "nowrap",
          verticalAlign: "middle",
          flexShrink: 0,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {label}
    </Box>
  );
}
