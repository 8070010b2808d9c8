import Link from "@mui/material/Link";
import Box from "@mui/material/Box";
import { PathIcon } from "./path-icon";
import { visuallyHidden } from "./visually-hidden";

/** Material's OpenInNew path. */
const OPEN_IN_NEW =
  "M19 19H5V5h7V3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2v-7h-2zM14 3v2h3.59l-9.83 9.83 1.41 1.41L19 6.41V10h2V3z";

/** A link to a block explorer, in a new tab (said for screen readers too). */
export function ExplorerLink({ href, label = "View in explorer" }: { href: string; label?: string }) {
  return (
    <Link
      data-testid="explorer-link"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant="body2"
      sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}
    >
      {label}
      <Box component="span" sx={visuallyHidden}>
        {" (opens in a new tab)"}
      </Box>
      <PathIcon d={OPEN_IN_NEW} fontSize={14} />
    </Link>
  );
}
