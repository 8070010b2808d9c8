import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Columns } from "../../../components/columns";
import { QueryState } from "../../../components/page-shell";
import { Pill } from "../../../components/pill";
import { ReadingCard } from "../../../components/reading-card";
import { Skeleton } from "../../../components/skeleton";
import { useEcosystemStatus } from "../api/get-ecosystem-status";
import type { EcosystemStatusResponse } from "../api/contract";
import { CATEGORY_TITLES, COIN_CATEGORIES } from "../constants";
import { HEALTH_COLOR, msText } from "../utils/levels";

const GRID = { xs: 1, sm: 2, md: 3, lg: 5 } as const;
// The cards' row and the rule's caption, measured at 390 px (one column) and from 600 px, so the tabs below do not
// move when the overview arrives.
export const OVERVIEW_HEIGHT = { xs: 810, sm: 560, md: 410, lg: 245 } as const;

function Cards({ s }: { s: EcosystemStatusResponse }) {
  const levels = s.levels;
  return (
    <>
      <Columns columns={GRID} testId="overview-cards">
        <ReadingCard
          testId="overview-total"
          title="Coins listed"
          reading={s.totalCryptocurrencies}
          note={COIN_CATEGORIES.map((c) => `${s.categories[c]} ${CATEGORY_TITLES[c]}`).join(" · ")}
        />
        <ReadingCard
          testId="overview-operational"
          title="Operational networks"
          reading={
            <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
              {s.operationalNetworks} of {s.totalCryptocurrencies}
              <Pill
                size="small"
                variant="outlined"
                color={HEALTH_COLOR[s.ecosystemHealth]}
                label={s.ecosystemHealth}
                data-testid="overview-health"
                data-health={s.ecosystemHealth}
              />
            </Box>
          }
          note={`${s.healthPercentage.toLocaleString("en-US", { maximumFractionDigits: 1 })} % of the listed coins work now (rule below)`}
        />
        <ReadingCard
          testId="overview-levels"
          title="Levels"
          reading={`${levels.live} live`}
          note={`${levels["signed-offline"]} signed offline · ${levels["display-only"]} display only`}
        />
        <ReadingCard
          testId="overview-attested"
          title="Quantum-attested"
          reading={`${s.quantumSecuredCount} of ${s.totalCryptocurrencies}`}
          note="their results carry our ML-DSA-65 attestation; each coin's own signature is still classical"
        />
        <ReadingCard
          testId="overview-response"
          title="Average response time"
          reading={s.averageResponseTime === null ? "—" : msText(s.averageResponseTime)}
          note={
            s.averageResponseTime === null
              ? "no test transaction yet"
              : `over ${s.responseSample} test transaction${s.responseSample === 1 ? "" : "s"} (each coin's latest)`
          }
        />
      </Columns>
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        data-testid="overview-health-rule"
        sx={{ mt: 1, mb: 0 }}
      >
        Health: {s.healthRule}.
      </Typography>
    </>
  );
}

/** The ecosystem overview cards (GET ecosystem-status): every figure computed now by the API, the rule said. */
export function EcosystemOverview() {
  const status = useEcosystemStatus();
  return (
    <Box component="section" aria-labelledby="crypto-overview-heading" sx={{ minHeight: OVERVIEW_HEIGHT }}>
      <Typography id="crypto-overview-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Ecosystem overview
      </Typography>
      <QueryState
        query={status}
        what="the ecosystem overview"
        height={200}
        testId="overview"
        skeleton={
          <Columns columns={GRID}>
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={120} />
            ))}
          </Columns>
        }
      >
        {(s) => <Cards s={s} />}
      </QueryState>
    </Box>
  );
}
