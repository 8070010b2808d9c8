import Link from "@mui/material/Link";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";

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
      <OpenInNewIcon sx={{ fontSize: 14 }} aria-hidden />
    </Link>
  );
}
