import type { ElementType } from "react";
import Box from "@mui/material/Box";
import { keyframes, type SxProps, type Theme } from "@mui/material/styles";

// MUI's Skeleton look (its pulse, colour and shapes) without its module (1.2 KB gzip with its classes and
// styled machinery), since a loading placeholder is in most pages' first load.
const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

const shapes = {
  // A line of text: the line's height, drawn 60 % tall, as MUI does.
  text: {
    height: "auto",
    transform: "scale(1, 0.60)",
    transformOrigin: "0 55%",
    borderRadius: "4px / 6.7px",
    "&:empty:before": { content: '"\\00a0"' },
  },
  rounded: { borderRadius: "4px" },
  rectangular: {},
  circular: { borderRadius: "50%" },
} as const;

export type SkeletonProps = {
  variant?: keyof typeof shapes;
  width?: number | string;
  height?: number | string;
  component?: ElementType;
  sx?: SxProps<Theme>;
  "aria-label"?: string;
};

/** A grey placeholder of the content's shape while it loads. */
export function Skeleton({ variant = "text", width, height, component = "span", sx, ...rest }: SkeletonProps) {
  return (
    <Box
      component={component}
      {...rest}
      sx={[
        { display: "block", bgcolor: "rgba(0, 0, 0, 0.11)", width, animation: `${pulse} 2s ease-in-out 0.5s infinite` },
        shapes[variant],
        ...(height !== undefined ? [{ height }] : []),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
