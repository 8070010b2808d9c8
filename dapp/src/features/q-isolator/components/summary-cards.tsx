import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { QIsolatorStatusResponse } from "../api/contract";
import { percentText } from "../utils/words";

/** One figure with its title and, when it has one, its rule; the page's summary and the files tab's totals. */
export function SummaryCard({
  title,
  value,
  note,
  testId,
  titleComponent = "h2",
}: {
  title: string;
  value: ReactNode;
  note?: ReactNode;
  testId: string;
  titleComponent?: "h2" | "h3";
}) {
  return (
    <Box data-testid={testId} sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" component={titleComponent}>
        {title}
      </Typography>
      <Typography
        variant="h5"
        component="div"
        data-testid={`${testId}-value`}
        sx={{ fontWeight: 600, overflowWrap: "break-word", fontSize: { xs: "1.25rem", sm: "1.5rem" } }}
      >
        {value}
      </Typography>
      {note ? (
        <Typography variant="caption" color="text.secondary" component="p">
          {note}
        </Typography>
      ) : null}
    </Box>
  );
}

const STATUS_COLOR = { ACTIVE: "success.dark", DEGRADED: "error.main", EMPTY: "text.secondary" } as const;

/** Spec §2: the four summary cards, once the status has loaded; each figure the API's, with its rule. */
export function SummaryCards({ status }: { status: QIsolatorStatusResponse }) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(4, minmax(0, 1fr))" },
      }}
    >
      <SummaryCard
        title="Active Isolations"
        value={status.activeIsolations}
        note={`of ${status.isolationInstances.length} created`}
        testId="summary-active"
      />
      <SummaryCard title="Protected Files" value={status.protectedFiles} testId="summary-files" />
      <SummaryCard
        title="Quantum Threat Level"
        value={percentText(status.quantumThreatLevel)}
        note={status.rules.quantumThreatLevel}
        testId="summary-threat"
      />
      <SummaryCard
        title="Status"
        value={
          <Box component="span" sx={{ color: STATUS_COLOR[status.status] ?? "text.primary" }}>
            {status.status}
          </Box>
        }
        note={status.rules.status}
        testId="summary-status"
      />
    </Box>
  );
}
