import { forwardRef, type HTMLAttributes, type ReactNode } from "react";
import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";

export type PillColor = "default" | "primary" | "secondary" | "success" | "warning" | "error" | "info";

export type PillProps = {
  label: ReactNode;
  color?: PillColor;
  variant?: "filled" | "outlined";
  size?: "small" | "medium";
  sx?: SxProps<Theme>;
} & Omit<HTMLAttributes<HTMLSpanElement>, "color">;

/**
 * A short label in MUI Chip's look (same sizes, radius and palette), for badges that are read, not clicked.
 * Chip is a button-capable component (ripple, delete icon, slots): 3 KB gzip in the first load of every page
 * that shows a badge. Forwarding its ref and props lets a Tooltip wrap it (the Simulated badge).
 */
export const Pill = forwardRef<HTMLSpanElement, PillProps>(function Pill(
  { label, color = "default", variant = "filled", size = "medium", sx, ...rest },
  ref,
) {
  const small = size === "small";
  return (
    <Box
      component="span"
      ref={ref}
      {...rest}
      sx={[
        (theme) => {
          const tone = color === "default" ? null : theme.palette[color];
          return {
            display: "inline-flex",
            alignItems: "center",
            maxWidth: "100%",
            height: small ? 24 : 32,
            px: small ? 1 : 1.5,
            borderRadius: 4,
            fontSize: "0.8125rem",
            lineHeight: 1.5,
            whiteSpace: "nowrap",
            overflow: "hidden",
            textOverflow: "ellipsis",
            verticalAlign: "middle",
            boxSizing: "border-box",
            border: "1px solid",
            ...(variant === "filled"
              ? {
                  bgcolor: tone ? tone.main : theme.palette.action.selected,
                  color: tone ? tone.contrastText : theme.palette.text.primary,
                  borderColor: "transparent",
                }
              : {
                  bgcolor: "transparent",
                  color: tone ? tone.main : theme.palette.text.primary,
                  borderColor: tone ? tone.main : theme.palette.grey[400],
                }),
          };
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {label}
    </Box>
  );
});
