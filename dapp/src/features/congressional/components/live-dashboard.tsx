import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { Columns } from "../../../components/columns";
import { Skeleton } from "../../../components/skeleton";
import { SourceBadge } from "../../../components/source-badge";
import { QueryState } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { Link as RouterLink } from "react-router-dom";
import type { CongressionalFiguresResponse } from "../api/contract";
import type { useCongressionalFigures } from "../api/get-figures";
import { timeText } from "../../../lib/time";
import { FigureBasis } from "./figure-basis";

const GRID = { xs: 1, sm: 2, lg: 3 } as const;

function DashCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" data-testid="dashboard-card" data-card={id} sx={{ height: "100%" }}>
      <CardContent sx={{ "&:last-child": { pb: 2 }, display: "flex", flexDirection: "column", gap: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const Note = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
    {children}
  </Typography>
);

/** $36.18T, with the exact figure beside it for the reader who wants it. */
const trillions = (usd: number) => `$${(usd / 1e12).toLocaleString("en-US", { maximumFractionDigits: 2 })}T`;

function GeniusCard({ c }: { c: CongressionalFiguresResponse["complianceScore"] }) {
  return (
    <DashCard id="genius-act" title="GENIUS Act status">
      <Typography variant="h4" component="p" data-testid="genius-score">
        {c.value}%
      </Typography>
      <Box
        role="progressbar"
        aria-label="GENIUS Act rules met"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={c.value}
        sx={{ height: 8, borderRadius: 4, bgcolor: "action.hover", overflow: "hidden" }}
      >
        <Box
          sx={{
            width: `${c.value}%`,
            height: "100%",
            bgcolor: c.basis === "computed" ? "primary.main" : "warning.main",
          }}
        />
      </Box>
      <Box>
        <FigureBasis basis={c.basis} />
      </Box>
      <Note>
        {c.rulesMet !== null && c.rulesTotal !== null
          ? `${c.rulesMet} of ${c.rulesTotal} rules of the compliance audit met, read from the chain at block ${c.blockNumber ?? "?"}.`
          : `${c.how} Missing because: ${c.reason ?? "unknown"}.`}
      </Note>
      {c.disclaimer ? <Note>{c.disclaimer}</Note> : null}
    </DashCard>
  );
}

function TreasuryCard({ d }: { d: CongressionalFiguresResponse["nationalDebt"] }) {
  return (
    <DashCard id="treasury-backing" title="Treasury backing">
      <Typography variant="h4" component="p" data-testid="national-debt">
        {trillions(d.valueUsd)}
      </Typography>
      <Note>Current U.S. national debt (total public debt outstanding).</Note>
      <Box>
        {d.basis === "fallback" ? <FigureBasis basis="fallback" /> : <SourceBadge source={d.basis} reason={d.note} />}
      </Box>
      <Note>
        {d.asOf ? `As of ${d.asOf}; ` : ""}
        {d.publisher ? `${d.publisher}${d.seriesId ? ` (${d.seriesId})` : ""}. ` : ""}
        {d.note}
      </Note>
    </DashCard>
  );
}

function Dashboard({ f }: { f: CongressionalFiguresResponse }) {
  const configured = f.federalEndpoints.sources.filter((s) => s.live !== "disabled").length;
  return (
    <Columns columns={GRID} testId="dashboard-cards">
      <GeniusCard c={f.complianceScore} />
      <TreasuryCard d={f.nationalDebt} />
      <DashCard id="quantum-security" title="Quantum security">
        <Typography variant="h5" component="p" data-testid="quantum-state">
          {f.quantum.signsNow ? "Signing and verifying now" : "Not verifying"}
        </Typography>
        <Note>
          A fresh message signed with {f.quantum.algorithm} (FIPS 204) by the attestation key{" "}
          {f.quantum.publicKeyId.slice(0, 16)}… and verified with its public key in {f.quantum.durationMs} ms
          {f.quantum.error ? `: ${f.quantum.error}` : "."}
        </Note>
      </DashCard>
      <DashCard id="government-network" title="Government network">
        <Typography variant="h5" component="p">
          {configured} of {f.federalEndpoints.sources.length} federal data sources configured
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {f.federalEndpoints.sources.map((s) => (
            <Typography key={s.name} component="li" variant="body2" sx={{ overflowWrap: "anywhere" }}>
              {s.name}: {s.reason}
            </Typography>
          ))}
        </Box>
        {f.federalEndpoints.basis !== "computed" ? (
          <Box>
            <FigureBasis basis={f.federalEndpoints.basis} />
          </Box>
        ) : null}
      </DashCard>
      <DashCard id="phone-security" title="Phone security">
        <Note>
          Not part of this product: no phone is protected or measured here, so there is no figure to show. The pages
          work on a phone&apos;s screen; see{" "}
          <RouterLink to={paths.governmentSecurityDashboard.path}>{paths.governmentSecurityDashboard.title}</RouterLink>{" "}
          for the security tests this platform does run.
        </Note>
      </DashCard>
      <DashCard id="consciousness-development" title="Consciousness development">
        <Note>
          Not part of this product: nothing here measures consciousness. What is recorded is environmental actions
          rewarded in VIBE:{" "}
          {f.activities.basis === "computed" ? `${f.activities.value} so far.` : "their count could not be read."}
        </Note>
      </DashCard>
    </Columns>
  );
}

/** The live dashboard's six cards, from the deck's one call. */
export function LiveDashboard({ figures }: { figures: ReturnType<typeof useCongressionalFigures> }) {
  return (
    <QueryState
      query={figures}
      what="the live figures"
      height={640}
      testId="dashboard"
      skeleton={
        <Columns columns={GRID}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={200} />
          ))}
        </Columns>
      }
    >
      {(f) => (
        <>
          <Dashboard f={f} />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            Computed at {timeText(f.computedAt)}; one answer serves everyone for {f.cacheSeconds} s, each part bounded
            to {f.figureTimeoutMs / 1000} s.
          </Typography>
        </>
      )}
    </QueryState>
  );
}
