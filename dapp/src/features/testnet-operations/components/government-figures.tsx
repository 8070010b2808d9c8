import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Columns } from "../../../components/columns";
import { Notice } from "../../../components/notice";
import { timeText } from "../../../lib/time";
import type { GovernmentDataResponse, GovernmentFigure } from "../api/contract";
import { FigureCard, MissingFigureCard } from "./figure-card";
import { SourceStates } from "./source-states";

export type FigureGroup = {
  title: string;
  /** Each field of the answer with its label and its path (the API's `missing[].field`). */
  fields: { label: string; field: string; figure: GovernmentFigure | null }[];
};

const GRID = { xs: 1, sm: 2, lg: 3 } as const;

/**
 * The government data panel: the figures by publisher, the spec's "temporarily unavailable" message only when the
 * API sets `message` (a field missing from both live and snapshot) with what is missing and why, and each
 * publisher's live state.
 */
export function GovernmentFigures({
  groups,
  answer,
}: {
  groups: FigureGroup[];
  answer: Pick<GovernmentDataResponse, "message" | "missing" | "sources" | "fetchedAt">;
}) {
  const missingReason = (field: string) =>
    answer.missing.find((m) => m.field === field)?.reason ?? "neither a live value nor a bundled row";
  return (
    <Stack spacing={3}>
      {answer.message !== null ? (
        <Notice severity="warning" data-testid="government-unavailable">
          {answer.message}
          {answer.missing.length ? (
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {answer.missing.map((m) => (
                <li key={m.field}>
                  {m.field}: {m.reason}
                </li>
              ))}
            </Box>
          ) : null}
        </Notice>
      ) : null}
      {groups.map((g) => (
        <Box component="section" key={g.title} aria-label={g.title} data-testid="figure-group">
          <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
            {g.title}
          </Typography>
          <Columns columns={GRID}>
            {g.fields.map(({ label, field, figure }) =>
              figure ? (
                <FigureCard key={field} label={label} figure={figure} />
              ) : (
                <MissingFigureCard key={field} label={label} reason={missingReason(field)} />
              ),
            )}
          </Columns>
        </Box>
      ))}
      <Box component="section" aria-label="Publishers">
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          Publishers
        </Typography>
        <SourceStates sources={answer.sources} />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1, mb: 0 }}>
          Read {timeText(answer.fetchedAt)}. A live read is kept 30 minutes; while a publisher does not answer, or has
          no key here, its figures are the bundled official files (api/data/government/).
        </Typography>
      </Box>
    </Stack>
  );
}
