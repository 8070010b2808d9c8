import Link from "@mui/material/Link";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { backOf, findPath } from "../../config/paths";
import { ARROW_BACK, PathIcon } from "../path-icon";

/**
 * `?from=<path>`: a page that sent the user here to do one thing (the onboarding checklist's "first mint") gets
 * them back. Only a built page of the table counts, so the link never leads off the app.
 */
function returnTo(search: string, pathname: string): { to: string; label: string } | null {
  const from = findPath(new URLSearchParams(search).get("from") ?? "");
  return from?.built && from.path !== pathname ? { to: from.path, label: from.title } : null;
}

/**
 * The page's back link. Pages do not choose it: the page table decides (`backOf` in src/config/paths.ts:
 * the page the spec names, else Home), so every page, the placeholder and "not found" follow one rule.
 */
export function BackLink() {
  const { pathname, search } = useLocation();
  const back = returnTo(search, pathname) ?? backOf(pathname);
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
