import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Columns } from "../../../components/columns";
import { QueryState, type QueryStateProps } from "../../../components/page-shell";
import { ReadingCard } from "../../../components/reading-card";
import { Skeleton } from "../../../components/skeleton";
import { useCompliance } from "../api/get-compliance";
import { useComprehensiveData } from "../api/get-comprehensive-data";
import { useRealOperations } from "../api/get-real-operations";
import { useTreasuryHealth } from "../api/get-treasury-health";
import type { ComprehensiveDataResponse } from "../api/contract";
import { figuresOf } from "../utils/figures";
import { FRAMEWORK_COLOR, msText } from "../utils/levels";
import { StatusPill } from "./level-badge";

const GRID = { xs: 1, sm: 2, lg: 4 } as const;
// The tallest card's height (the Treasury's, with its rule and error), measured at 390 and 800 px (one and two
// columns), 1000 px (two) and 1280 px (four): the tabs below do not move when the four answers arrive.
export const CARD_HEIGHT = { xs: 216, md: 176, lg: 256 } as const;

const SHORT_NAME = { fred: "FRED", "fiscal-data": "Fiscal Data", eia: "EIA" } as const;

/** Each card on its own query: one slow or failing answer holds only its own card. */
function Card<T>({
  query,
  what,
  testId,
  children,
}: {
  query: QueryStateProps<T>["query"];
  what: string;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Box sx={{ minHeight: CARD_HEIGHT, minWidth: 0 }}>
      <QueryState
        query={query}
        what={what}
        height={CARD_HEIGHT.xs}
        testId={testId}
        skeleton={<Skeleton variant="rounded" sx={{ height: CARD_HEIGHT }} />}
      >
        {children}
      </QueryState>
    </Box>
  );
}

function governmentCard(d: ComprehensiveDataResponse) {
  const live = d.sources.filter((s) => s.live === "live").length;
  const figures = figuresOf([
    d.data.economic,
    { nationalDebt: d.data.treasury.nationalDebt },
    d.data.treasury.bondYields,
  ]);
  const liveFigures = figures.filter((f) => f?.source === "live").length;
  const snapshots = figures.filter((f) => f?.source === "snapshot").length;
  return (
    <ReadingCard
      testId="card-government"
      title="Government sources"
      reading={`${live} of ${d.sources.length} live`}
      note={
        <>
          {d.sources.map((s) => `${SHORT_NAME[s.source]}: ${s.live}`).join(" · ")}. Figures: {liveFigures} live,{" "}
          {snapshots} snapshot{d.missing.length ? `, ${d.missing.length} missing` : ""}. A publisher counts as live when
          its latest read answered; the others serve the bundled official files.
        </>
      }
    />
  );
}

/**
 * The dashboard's four status cards, each computed here from one API answer and saying how: the publishers answering
 * live, the testnets by level, the Treasury's health with its latency, and compliance with GENIUS rules met.
 */
export function StatusCards() {
  const government = useComprehensiveData();
  const operations = useRealOperations();
  const health = useTreasuryHealth();
  const compliance = useCompliance();
  return (
    <Box component="section" aria-labelledby="dashboard-status-heading">
      <Typography id="dashboard-status-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Status
      </Typography>
      <Columns columns={GRID} testId="status-cards">
        <Card query={government} what="the government sources" testId="card-government-state">
          {governmentCard}
        </Card>
        <Card query={operations} what="the testnets" testId="card-networks-state">
          {(d) => {
            const chains = d.operations.authenticBlockchains;
            const count = (level: string) => chains.filter((c) => c.level === level).length;
            return (
              <ReadingCard
                testId="card-networks"
                title="Testnets"
                reading={`${count("live")} live · ${count("signed-offline")} signed offline`}
                note={`${count("display-only")} display only; ${d.operations.supportedNetworks} testnets a test can target. Each network's level as GET /api/testnet/real-operations measures it now: live when a ledger we reach executes the test transfer, signed offline when it is signed and never broadcast.`}
              />
            );
          }}
        </Card>
        <Card query={health} what="the Treasury's health" testId="card-treasury-state">
          {(d) => {
            const probe = d.endpoints.fiscalData;
            return (
              <ReadingCard
                testId="card-treasury"
                title="Treasury health"
                reading={
                  <Box component="span" sx={{ display: "inline-flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                    <StatusPill
                      status={d.status}
                      color={d.status === "OPERATIONAL" ? "success" : "error"}
                      testId="treasury-status"
                    />
                    {probe.latencyMs === null ? "no answer" : msText(probe.latencyMs)}
                  </Box>
                }
                note={`${d.rule} Probed ${probe.endpoint}${probe.error ? `: ${probe.error}` : ""}.`}
              />
            );
          }}
        </Card>
        <Card query={compliance} what="the compliance validation" testId="card-compliance-state">
          {(d) => (
            <ReadingCard
              testId="card-compliance"
              title="Compliance"
              reading={
                <Box component="span" sx={{ display: "inline-flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                  <StatusPill status={d.status} color={FRAMEWORK_COLOR[d.status]} testId="compliance-status" />
                  GENIUS {d.frameworks.geniusAct.rulesMet} of {d.frameworks.geniusAct.rulesTotal}
                </Box>
              }
              note={`VALIDATED only when every framework is; GENIUS Act rules read from the chain (${d.frameworks.geniusAct.source}), quantum security ${d.frameworks.quantumSecurity.status}, ISO 20022 ${d.frameworks.iso20022.status}.`}
            />
          )}
        </Card>
      </Columns>
    </Box>
  );
}
