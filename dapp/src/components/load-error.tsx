import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { FallbackProps } from "react-error-boundary";

/**
 * A chunk that cannot be fetched: the app was rebuilt since this tab was opened (the old file names are
 * gone) or the connection dropped. Browsers word it differently; a reload fixes both.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(
    message,
  );
}

function explain(error: unknown): string {
  if (isChunkLoadError(error))
    return "Its code could not be fetched: the app may have been updated since this page was opened, or the connection dropped. Reloading gets the current version.";
  return `It stopped with an error on our side, not yours: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * What a page or a part shows instead of falling over (react-error-boundary's fallback): the rest of
 * the app stays usable, and Reload is one click. `what` names it: "this page", "Create Test".
 */
export function LoadError({ error, what, testId }: Pick<FallbackProps, "error"> & { what: string; testId: string }) {
  // Box, Typography and Button only (no Alert): the app shell uses this, so it is in every first load.
  return (
    <Box
      role="alert"
      data-testid={testId}
      sx={{
        border: 1,
        borderColor: "error.main",
        borderRadius: 1,
        p: 2,
        display: "flex",
        gap: 2,
        alignItems: "flex-start",
        flexWrap: "wrap",
      }}
    >
      <Box sx={{ flex: "1 1 16rem", minWidth: 0 }}>
        <Typography variant="subtitle1" component="p" sx={{ color: "error.main", fontWeight: 600 }}>
          {what} could not be shown
        </Typography>
        <Typography variant="body2">{explain(error)}</Typography>
      </Box>
      <Button variant="outlined" color="error" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Box>
  );
}
