import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { PageShell } from "../../components/page-shell/page-shell";

/** Any path outside the page table. The back link (Home) and the app bar's menu lead on. */
export default function NotFoundRoute() {
  return (
    <PageShell title="Page not found" testId="not-found">
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
        <Typography variant="body1" color="text.secondary">
          No page of this app lives at this address. The menu in the app bar lists every page.
        </Typography>
      </Paper>
    </PageShell>
  );
}
