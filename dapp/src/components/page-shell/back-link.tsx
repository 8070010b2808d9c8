import Link from "@mui/material/Link";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { backOf } from "../../config/paths";
import { ARROW_BACK, PathIcon } from "../path-icon";

/**
 * The page's back link. Pages do not choose it: the page table decides (`backOf` in src/config/paths.ts:
 * the page the spec names, else Home), so every page, the placeholder and "not found" follow one rule.
 */
export function BackLink() {
  const back = backOf(useLocation().pathname);
  if (!back) return null;
  return (
    <Link
      component={RouterLink}
      to={back.to}
      data-testid="back-link"
      underline="hover"
      sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, mb: 1 }}
    >
      <PathIcon d={ARROW_BACK} fontSize="small" /> Back to {back.label}
    </Link>
  );
}
