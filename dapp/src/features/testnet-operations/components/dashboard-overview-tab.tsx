import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { QueryState } from "../../../components/page-shell";
import { useComprehensiveData } from "../api/get-comprehensive-data";
import { useRealOperations } from "../api/get-real-operations";
import { Algorithms, NetworksTable } from "./networks-table";
import { panelPlaceholder } from "./panel-skeleton";
import { SourceStates } from "./source-states";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Overview: the testnets at their levels now, the publishers' live state and the algorithms this product runs. */
export function DashboardOverviewTab() {
  const operations = useRealOperations();
  const government = useComprehensiveData();
  return (
    <Stack spacing={4}>
      <Section id="overview-networks-heading" title="Testnets">
        <QueryState query={operations} what="the testnets" testId="overview-networks" {...panelPlaceholder("networks")}>
          {(d) => <NetworksTable answer={d} />}
        </QueryState>
      </Section>
      <Section id="overview-publishers-heading" title="Government publishers">
        <QueryState
          query={government}
          what="the publishers"
          testId="overview-publishers"
          {...panelPlaceholder("publishers")}
        >
          {(d) => <SourceStates sources={d.sources} />}
        </QueryState>
      </Section>
      <Section id="overview-algorithms-heading" title="Algorithms">
        <QueryState
          query={operations}
          what="the algorithms"
          testId="overview-algorithms"
          {...panelPlaceholder("algorithms")}
        >
          {(d) => <Algorithms answer={d} />}
        </QueryState>
      </Section>
    </Stack>
  );
}
