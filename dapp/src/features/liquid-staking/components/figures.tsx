import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { formatNumber, truncateDecimals } from "../../../lib/format";

/** "1.2345 ETH" from the API's ether text, truncated (never rounded up). */
export const ethText = (text: string, decimals = 4) => `${truncateDecimals(text, decimals)} ETH`;
export const percentText = (n: number | null | undefined, decimals = 2) =>
  n === null || n === undefined ? "—" : `${formatNumber(n, decimals)}%`;
export const usdText = (n: number | null | undefined) =>
  n === null || n === undefined
    ? "—"
    : `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** One label/value line of a card; the value wraps rather than overflowing at 390 px. */
export function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, flexWrap: "wrap", py: 0.25 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="body2"
        data-testid={testId}
        sx={{ fontWeight: 600, overflowWrap: "anywhere", textAlign: "right" }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** A headline card: a title, the reading, and a line saying where it came from. */
export function StatCard({
  title,
  value,
  note,
  testId,
}: {
  title: string;
  value: ReactNode;
  note?: ReactNode;
  testId?: string;
}) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ height: "100%" }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {title}
        </Typography>
        <Typography
          variant="h5"
          component="p"
          data-testid={testId ? `${testId}-value` : undefined}
          sx={{ overflowWrap: "anywhere" }}
        >
          {value}
        </Typography>
        {note ? (
          <Typography variant="caption" color="text.secondary" component="div">
            {note}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
