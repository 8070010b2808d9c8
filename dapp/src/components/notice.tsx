import type { HTMLAttributes, ReactNode } from "react";
import Box from "@mui/material/Box";
import { darken, lighten, type SxProps, type Theme } from "@mui/material/styles";

export type NoticeSeverity = "success" | "info" | "warning" | "error";

// MUI's own outlined icons (the ones its Alert shows), as bare paths: the Alert component brings IconButton,
// four icon components and its slot machinery (2.5 KB gzip) into the first load of every page that shows one.
const ICON_PATHS: Record<NoticeSeverity, string> = {
  success:
    "M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2,4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12M7.91,10.08L6.5,11.5L11,16L21,6L19.59,4.58L11,13.17L7.91,10.08Z",
  warning: "M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z",
  error:
    "M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z",
  info: "M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20,12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M11,17H13V11H11V17Z",
};

export type NoticeProps = {
  severity?: NoticeSeverity;
  /** "standard": a tinted block; "outlined": a bordered one on the page's background. */
  variant?: "standard" | "outlined";
  /** At the end of the row (a Retry button...). */
  action?: ReactNode;
  sx?: SxProps<Theme>;
  children?: ReactNode;
} & Omit<HTMLAttributes<HTMLDivElement>, "color">;

/**
 * A message block in MUI Alert's look (same colours from the theme: text = the severity's light shade
 * darkened 60 %, fill = lightened 90 %, icon = main), with the parts we use: icon, message, action. role
 * "alert" by default, as MUI's; pass role="status" for something that is not urgent. The message column
 * wraps long words (hashes, addresses) instead of overflowing at 390 px.
 */
export function Notice({
  severity = "success",
  variant = "standard",
  action,
  sx,
  children,
  role = "alert",
  ...rest
}: NoticeProps) {
  return (
    <Box
      role={role}
      data-severity={severity}
      {...rest}
      sx={[
        (theme) => ({
          display: "flex",
          alignItems: "flex-start",
          gap: 1.5,
          px: 2,
          py: 0.75,
          borderRadius: 1,
          typography: "body2",
          color: darken(theme.palette[severity].light, 0.6),
          bgcolor: variant === "standard" ? lighten(theme.palette[severity].light, 0.9) : "transparent",
          border: variant === "outlined" ? `1px solid ${theme.palette[severity].light}` : undefined,
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        component="svg"
        viewBox="0 0 24 24"
        aria-hidden
        focusable="false"
        sx={{ flexShrink: 0, width: 22, height: 22, my: 0.875, fill: (theme) => theme.palette[severity].main }}
      >
        <path d={ICON_PATHS[severity]} />
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0, py: 1, overflowWrap: "anywhere" }}>{children}</Box>
      {action ? (
        <Box sx={{ flexShrink: 0, display: "flex", alignItems: "center", py: 0.5, ml: "auto" }}>{action}</Box>
      ) : null}
    </Box>
  );
}

/** The notice's heading line (MUI's AlertTitle). */
export function NoticeTitle({ children }: { children: ReactNode }) {
  return (
    <Box component="div" sx={{ fontWeight: 500, fontSize: "1rem", lineHeight: 1.5, mt: "-2px", mb: 0.35 }}>
      {children}
    </Box>
  );
}
