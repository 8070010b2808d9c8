import Link from "@mui/material/Link";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import Box from "@mui/material/Box";
import { visuallyHidden } from "./visually-hidden";

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
      <OpenInNewIcon sx={{ fontSize: 14 }} aria-hidden />
    </Link>
  );
}
