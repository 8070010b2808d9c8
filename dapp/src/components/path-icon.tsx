import Box from "@mui/material/Box";

/**
 * A Material icon drawn from its path, sized like MUI's SvgIcon (1em of 1.5rem, "small" 1.25rem; a Button's icon slot sets its own) in the current
 * colour. For icons in a page's first load: MUI's SvgIcon module (with createSvgIcon) is about 1 KB gzip
 * there, for what one <svg> does. Decorative (aria-hidden): the button or link beside it carries the name.
 */
export function PathIcon({
  d,
  fontSize = "medium",
  color,
}: {
  d: string;
  /** "inherit": 1em of the parent's font size (an icon button's, a link's). */
  fontSize?: "small" | "medium" | "inherit" | number;
  /** A theme colour (success.main); the current text colour when absent. */
  color?: string;
}) {
  const size = { small: "1.25rem", medium: "1.5rem", inherit: "inherit" }[fontSize as string] ?? fontSize;
  return (
    <Box
      component="svg"
      viewBox="0 0 24 24"
      aria-hidden
      focusable="false"
      sx={{
        width: "1em",
        height: "1em",
        fontSize: size,
        fill: "currentColor",
        color,
        flexShrink: 0,
        display: "inline-block",
      }}
    >
      <path d={d} />
    </Box>
  );
}

/** Material's ArrowBack and PlayArrow paths. */
export const ARROW_BACK = "M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z";
export const PLAY_ARROW = "M8 5v14l11-7z";
