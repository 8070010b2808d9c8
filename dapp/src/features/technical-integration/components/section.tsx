import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

/** One section of the overview: a heading, what it is read from, then its content. */
export function Section({
  id,
  title,
  source,
  children,
}: {
  id: string;
  title: string;
  source: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={`${id}-heading`} data-testid={`section-${id}`} sx={{ minWidth: 0 }}>
      <Typography id={`${id}-heading`} variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, overflowWrap: "anywhere" }}>
        {source}
      </Typography>
      {children}
    </Box>
  );
}
