import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { findPath, paths } from "../config/paths";
import { PageShell } from "./page-shell/page-shell";

/** The one placeholder for every route that a later issue builds. It shows no content on purpose. */
export function NotBuiltYet() {
  const { pathname } = useLocation();
  const title = findPath(pathname)?.title ?? pathname;
  return (
    <PageShell title={title} testId="not-built-yet">
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
        <Typography variant="body1" color="text.secondary" sx={{ mb: 3 }}>
          This page is not built yet — it arrives in a later issue.
        </Typography>
        <Button component={RouterLink} to={paths.multiBlockchainMinting.path} variant="contained">
          Go to {paths.multiBlockchainMinting.title}
        </Button>
      </Paper>
    </PageShell>
  );
}
