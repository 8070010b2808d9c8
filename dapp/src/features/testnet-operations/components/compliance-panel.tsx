import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { QueryState } from "../../../components/page-shell";
import { Pill } from "../../../components/pill";
import { SourceBadge } from "../../../components/source-badge";
import { timeText } from "../../../lib/time";
import type { ComplianceValidateResponse } from "../api/contract";
import { useCompliance } from "../api/get-compliance";
import { FRAMEWORK_COLOR, type FrameworkStatus } from "../utils/levels";
import { StatusPill } from "./level-badge";
import { panelPlaceholder } from "./panel-skeleton";

type Check = ComplianceValidateResponse["frameworks"]["geniusAct"]["checks"][number];

const checkColumns: DataColumn<Check>[] = [
  { id: "rule", header: "Rule", primary: true, cell: (c) => c.rule, tableSx: { minWidth: 220 } },
  {
    id: "met",
    header: "Met",
    cell: (c) => (
      <Pill size="small" variant="outlined" color={c.met ? "success" : "error"} label={c.met ? "met" : "not met"} />
    ),
  },
  {
    id: "measured",
    header: "Measured",
    cell: (c) => c.measured,
    sx: { overflowWrap: "anywhere" },
    tableSx: { minWidth: 220 },
  },
  { id: "source", header: "Source", cell: (c) => c.source, sx: { color: "text.secondary" } },
];

function Framework({
  id,
  title,
  status,
  children,
}: {
  id: string;
  title: string;
  status: FrameworkStatus;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={`framework-${id}`} data-testid="framework" data-framework={id}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", mb: 1 }}>
        <Typography id={`framework-${id}`} variant="h6" component="h3">
          {title}
        </Typography>
        <StatusPill status={status} color={FRAMEWORK_COLOR[status]} testId="framework-status" />
      </Box>
      <Stack spacing={1.5}>{children}</Stack>
    </Box>
  );
}

const Checks = ({ checks, label }: { checks: readonly Check[]; label: string }) => (
  <DataTable
    columns={checkColumns}
    rows={checks}
    rowKey={(c) => c.id}
    rowProps={(c) => ({ "data-testid": "compliance-check", "data-met": c.met })}
    label={label}
  />
);

/**
 * Compliance validation: the overall status with its rule (never VALIDATED unless the API says so), and per framework
 * its checks: met or not, what was measured and the source; ISO 20022 not assessed, with the reason.
 */
export function CompliancePanel() {
  const compliance = useCompliance();
  return (
    <QueryState
      query={compliance}
      what="the compliance validation"
      testId="compliance"
      {...panelPlaceholder("compliance")}
    >
      {(d) => {
        const g = d.frameworks.geniusAct;
        const q = d.frameworks.quantumSecurity;
        return (
          <Stack spacing={4} data-testid="compliance-panel">
            <Stack spacing={1}>
              <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                  Overall
                </Typography>
                <StatusPill status={d.status} color={FRAMEWORK_COLOR[d.status]} testId="compliance-overall" />
              </Box>
              <Typography variant="body2" color="text.secondary" data-testid="compliance-rule">
                {d.rule}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                Checked {timeText(d.checkedAt)}.
              </Typography>
            </Stack>
            <Framework id="genius" title="GENIUS Act" status={g.status}>
              <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                <SourceBadge source={g.source} reason={g.reason} />
                <Typography variant="body2" data-testid="genius-count">
                  {g.rulesMet} of {g.rulesTotal} rules met
                  {g.blockNumber ? `, read from the chain at block ${g.blockNumber}` : ""}
                  {g.reason ? ` · ${g.reason}` : ""}
                </Typography>
              </Box>
              <Checks checks={g.checks} label="GENIUS Act rules" />
              <Typography variant="caption" color="text.secondary">
                {g.disclaimer}
              </Typography>
            </Framework>
            <Framework id="quantum" title="Quantum security" status={q.status}>
              <Typography variant="body2" color="text.secondary">
                {q.rule}
              </Typography>
              <Checks checks={q.checks} label="Quantum security checks" />
            </Framework>
            <Framework id="iso20022" title="ISO 20022" status={d.frameworks.iso20022.status}>
              <Typography variant="body2" data-testid="iso-reason">
                {d.frameworks.iso20022.reason}
              </Typography>
            </Framework>
          </Stack>
        );
      }}
    </QueryState>
  );
}
