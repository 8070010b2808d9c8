import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

/**
 * A list of terms and their values (a `dl` on a two-column grid): values shrink and wrap anywhere, so a hash or a
 * passphrase never widens a 390 px screen. `stackOnPhone` puts each value under its term below 600 px, for lists
 * whose values are long (sources, rules); otherwise term and value stay side by side at every width.
 */
export function Facts({
  children,
  testId,
  stackOnPhone = false,
}: {
  children: ReactNode;
  testId?: string;
  stackOnPhone?: boolean;
}) {
  return (
    <Box
      component="dl"
      data-testid={testId}
      sx={{
        m: 0,
        display: "grid",
        columnGap: 1.5,
        ...(stackOnPhone
          ? {
              gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "minmax(0, 9rem) minmax(0, 1fr)" },
              rowGap: { xs: 0, sm: 0.5 },
              "& > dt": { mt: { xs: 0.75, sm: 0 } },
            }
          : { gridTemplateColumns: "minmax(0, max-content) minmax(0, 1fr)", rowGap: 0.5 }),
      }}
    >
      {children}
    </Box>
  );
}

/** One term and its value; `mono` for what is compared character by character (hashes, ids, passphrases). */
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
      <Typography component="dt" variant="body2" color="text.secondary">
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
