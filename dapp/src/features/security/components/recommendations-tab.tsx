import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { SecurityReport } from "../api/contract";
import { failsFirst } from "../utils/words";
import { SeverityChip, StatusChip } from "./chips";

/** The report's recommendations, then what to do about each check that did not pass (most severe first). */
export function RecommendationsTab({ report }: { report: SecurityReport }) {
  const open = failsFirst(report.detailedResults.filter((r) => r.status !== "PASS" && r.recommendation));
  const list = report.summary.recommendations;
  return (
    <Stack spacing={2} data-testid="recommendations-tab">
      {list.length ? (
        <Box component="ol" sx={{ m: 0, pl: 3 }} data-testid="recommendations">
          {list.map((r, i) => (
            <Typography
              component="li"
              variant="body2"
              key={i}
              data-testid="recommendation"
              sx={{ overflowWrap: "anywhere", mb: 0.5 }}
            >
              {r}
            </Typography>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="recommendations-none">
          No recommendations: every check passed.
        </Typography>
      )}
      {open.length ? (
        <Box>
          <Typography variant="h6" component="h3">
            By check
          </Typography>
          <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
            {open.map((r) => (
              <Box component="li" key={r.id} data-testid="recommendation-check" sx={{ listStyle: "none" }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
                  <Typography variant="subtitle2" component="h4">
                    {r.testName}
                  </Typography>
                  <StatusChip status={r.status} />
                  <SeverityChip severity={r.severity} />
                </Stack>
                <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                  {r.recommendation}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}
