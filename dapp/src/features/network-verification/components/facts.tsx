import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { ExplorerLink } from "../../../components/explorer-link";

/** A two-column list of terms and values; values may shrink and wrap anywhere, so nothing overflows at 390 px. */
export function Facts({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box
      component="dl"
      data-testid={testId}
      sx={{
        m: 0,
        display: "grid",
        gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "minmax(0, 9rem) minmax(0, 1fr)" },
        columnGap: 1.5,
        rowGap: { xs: 0, sm: 0.5 },
      }}
    >
      {children}
    </Box>
  );
}

/** One term and its value; `mono` for what is compared character by character (hashes, passphrases, ids). */
export function Fact({
  term,
  children,
  mono = false,
  testId,
}: {
  term: ReactNode;
  children: ReactNode;
  mono?: boolean;
  testId?: string;
}) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 0.75, sm: 0 } }}>
        {term}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        data-testid={testId}
        sx={{ m: 0, minWidth: 0, overflowWrap: "anywhere", ...(mono ? { fontFamily: "monospace" } : {}) }}
      >
        {children}
      </Typography>
    </>
  );
}

/** Where a value comes from: the words, and the page that publishes it when there is one. */
export function SourceText({ source, url }: { source: string; url: string | null }) {
  return (
    <>
      {source}
      {url ? (
        <>
          {" "}
          <ExplorerLink href={url} label={new URL(url).host} />
        </>
      ) : null}
    </>
  );
}
