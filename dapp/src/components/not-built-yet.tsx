import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { findPath, paths } from "../config/paths";

/** The one placeholder for every route that a later issue builds. It shows no content on purpose. */
export function NotBuiltYet() {
  const { pathname } = useLocation();
  const title = findPath(pathname)?.title ?? pathname;
  return (
    <Paper data-testid="not-built-yet" variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 720, mx: "auto" }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 3 }}>
        This page is not built yet — it arrives in a later issue.
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <Button component={RouterLink} to={paths.home.path} variant="outlined">
          Back to the index
        </Button>
        <Button component={RouterLink} to={paths.multiBlockchainMinting.path} variant="contained">
          Go to {paths.multiBlockchainMinting.title}
        </Button>
      </Stack>
    </Paper>
  );
}
