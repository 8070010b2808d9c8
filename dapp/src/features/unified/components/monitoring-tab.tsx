import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Columns } from "../../../components/columns";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { QueryState } from "../../../components/page-shell";
import { Pill } from "../../../components/pill";
import { ReadingCard } from "../../../components/reading-card";
import { durationInWords, timeText } from "../../../lib/time";
import { useMonitoring } from "../api/get-dashboard";
import type { MonitoringResponse } from "../api/contract";

type Figure = MonitoringResponse["figures"]["p50Ms"];
type Item = MonitoringResponse["integrations"]["items"][number];

const valueOf = (key: keyof MonitoringResponse["figures"], f: Figure) => {
  if (f.value === null) return "not measured yet";
  if (key === "uptimeSeconds") return durationInWords(f.value) || `${f.value} s`;
  return `${f.value.toLocaleString("en-US", { maximumFractionDigits: 2 })} ${f.unit}`;
};

const FIGURES: { key: keyof MonitoringResponse["figures"]; title: string }[] = [
  { key: "p50Ms", title: "Response time (p50)" },
  { key: "p95Ms", title: "Response time (p95)" },
  { key: "errorRate", title: "Error rate" },
  { key: "uptimeSeconds", title: "Uptime" },
  { key: "cacheHitRate", title: "Cache hit rate" },
];

const ITEMS: readonly DataColumn<Item>[] = [
  { id: "name", header: "Integration", primary: true, cell: (i) => i.name },
  {
    id: "connected",
    header: "Connected",
    cell: (i) => (
      <Pill
        size="small"
        label={i.connected ? "Connected" : "Not connected"}
        color={i.connected ? "success" : "default"}
        variant={i.connected ? "filled" : "outlined"}
      />
    ),
  },
  { id: "detail", header: "Detail", cell: (i) => i.detail, sx: { overflowWrap: "anywhere" } },
];

/** Monitoring: the API's own measurements, each with how it is measured; integration health counted now. */
export function MonitoringTab() {
  const monitoring = useMonitoring();
  return (
    <QueryState query={monitoring} what="the monitoring figures" height={640} testId="monitoring">
      {(m) => (
        <Stack spacing={3}>
          <Typography variant="caption" color="text.secondary" data-testid="monitoring-window">
            Measured by this API process over {m.requests.toLocaleString("en-US")} requests
            {m.since ? ` since ${timeText(m.since)}` : ""}; read {timeText(m.timestamp)}.
          </Typography>
          <Columns columns={{ xs: 1, sm: 2, lg: 3 }}>
            {FIGURES.map(({ key, title }) => (
              <ReadingCard
                key={key}
                title={title}
                reading={valueOf(key, m.figures[key])}
                note={m.figures[key].how}
                testId={`figure-${key}`}
              />
            ))}
          </Columns>
          <Stack component="section" spacing={1} aria-labelledby="integrations-heading">
            <Typography id="integrations-heading" variant="h6" component="h2">
              Integration health
            </Typography>
            <Typography variant="body1" data-testid="integrations-count">
              {m.integrations.connected} of {m.integrations.total} connected
            </Typography>
            <DataTable
              columns={ITEMS}
              rows={m.integrations.items}
              rowKey={(i) => i.id}
              rowProps={(i) => ({ "data-testid": "integration", "data-id": i.id, "data-connected": i.connected })}
              label="Integrations"
              size="small"
            />
          </Stack>
        </Stack>
      )}
    </QueryState>
  );
}
