import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";

/**
 * A reading (from the chain or the database) with the spec's planned figure BESIDE it, labelled "Plan",
 * never in its place: a reader sees at once what is and what was planned. The plan is optional (not every
 * reading has one); `note` says where the reading came from or how it is computed.
 */
export function ReadingCard({
  title,
  reading,
  plan,
  planNote,
  planLabel = "Plan",
  note,
  testId,
  titleComponent = "h3",
}: {
  title: string;
  reading: ReactNode;
  plan?: ReactNode;
  /** What the plan figure is, when its label alone does not say ("spec §9"). */
  planNote?: ReactNode;
  /** The label before the planned figure: "Plan", or what it is when it is not a plan ("Spec claim"). */
  planLabel?: string;
  note?: ReactNode;
  testId: string;
  /** The title's element: a heading one level under the section's (h3 under an h2), so headings stay in order. */
  titleComponent?: "h3" | "h4" | "p";
}) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ height: "100%" }}>
      <CardContent sx={{ "&:last-child": { pb: 2 } }}>
        <Typography variant="body2" color="text.secondary" component={titleComponent}>
          {title}
        </Typography>
        <Box
          sx={{
            display: "flex",
            flexWrap: "wrap",
            alignItems: "baseline",
            justifyContent: "space-between",
            columnGap: 2,
            rowGap: 0.5,
          }}
        >
          <Typography
            variant="h5"
            component="p"
            data-testid={`${testId}-reading`}
            sx={{ overflowWrap: "anywhere", fontWeight: 600 }}
          >
            {reading}
          </Typography>
          {plan !== undefined ? (
            <Box
              data-testid={`${testId}-plan`}
              sx={{ display: "inline-flex", alignItems: "baseline", gap: 0.75, color: "text.secondary" }}
            >
              <Typography
                component="span"
                variant="caption"
                sx={{
                  border: 1,
                  borderColor: "divider",
                  borderRadius: 1,
                  px: 0.5,
                  lineHeight: 1.5,
                  textTransform: "uppercase",
                  letterSpacing: 0.5,
                }}
              >
                {planLabel}
              </Typography>
              <Typography component="span" variant="body2" data-testid={`${testId}-plan-value`}>
                {plan}
              </Typography>
            </Box>
          ) : null}
        </Box>
        {note || planNote ? (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
            {note}
            {note && planNote ? " · " : null}
            {planNote}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
