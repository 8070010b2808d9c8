// One live figure for each of the landing's six blocks, from what the bounded parts read (pure functions).
import { plural } from "./landing.format";
import type { LandingFigure } from "./landing.schemas";
import type { LandingDeps, IsolatorIntegrity, SecurityRun, TreasuryCurve } from "./landing.sources";
import type { FigureAnswer } from "../../sources/government/government-data";

export function governmentFigure(debt: FigureAnswer | undefined): LandingFigure {
  const f = debt?.figure ?? null;
  return {
    label: "Total public debt outstanding",
    value: f ? String(f.value) : null,
    unit: f?.units ?? "USD",
    source: f?.source ?? "snapshot",
    sourceName: f ? `${f.publisher}, ${f.seriesId}` : "U.S. Treasury Fiscal Data",
    asOf: f?.asOf ?? null,
    note: f?.note ?? debt?.missing ?? null,
  };
}

export function quantumFigure(isolator: IsolatorIntegrity | null, algorithm: string): LandingFigure {
  return {
    label: "Stored files verified with post-quantum checks",
    value: isolator ? String(isolator.verified) : null,
    unit: isolator ? `of ${plural(isolator.files, "file")}` : "files",
    source: "records",
    sourceName: "the Q-Blockchain Isolator's verification records (ML-KEM + ML-DSA)",
    asOf: isolator?.oldestVerifiedAt ?? null,
    note: isolator
      ? `The oldest verification is the as-of time; every result the API signs carries an ${algorithm} attestation.`
      : null,
  };
}

export function securityFigure(run: SecurityRun | null): LandingFigure {
  return {
    label: "Security suite score, last run",
    value: run ? String(run.summary.overallScore) : null,
    unit: run ? `of 100 (grade ${run.summary.securityGrade})` : null,
    source: "records",
    sourceName: "the security suite's stored runs (OWASP API Top 10 2023, ASVS 4.0.3 checks)",
    asOf: run?.ranAt ?? null,
    note: run
      ? `${run.summary.passedTests} of ${run.summary.totalTests} checks passed, ${run.summary.failedTests} failed, ${run.summary.criticalIssues} critical.`
      : "No comprehensive run stored yet: an operator runs it on the Government Security Testing Dashboard.",
  };
}

export function treasuryFigure(curve: TreasuryCurve): LandingFigure {
  const tenYear = curve.bonds.find((b) => b.id === "10_yr");
  return {
    label: `${tenYear?.maturity ?? "10 Yr"} Treasury par yield`,
    value: tenYear ? String(tenYear.currentYield) : null,
    unit: "%",
    source: curve.source,
    sourceName: "U.S. Treasury daily par yield curve",
    asOf: curve.asOf,
    note: curve.sourceNote,
  };
}

export function environmentalFigure(mints: { count: number; lastAt: Date | null }): LandingFigure {
  return {
    label: "VIBE mints naming an environmental project",
    value: String(mints.count),
    unit: "mints",
    source: "records",
    sourceName: "the testnet operations' record of environmental VIBE mints",
    asOf: mints.lastAt?.toISOString() ?? null,
    note: "A count of recorded mints, each with its transaction; no CO2 figure is derived from them.",
  };
}

export function infrastructureFigure(ledgers: ReturnType<LandingDeps["ledgers"]>): LandingFigure {
  const all = [ledgers.ethereum, ledgers.stellar, ledgers.xrpl];
  const live = all.filter((l) => l.mode === "live").length;
  const probes = all.map((l) => l.lastProbeAt).filter((t): t is string => t !== null);
  return {
    label: "Ledgers answering live",
    value: String(live),
    unit: `of ${all.length}`,
    source: "live",
    sourceName: "each ledger's reachability probe (about every 60 s, 3 s while down)",
    asOf: probes.length ? probes.sort().at(-1)! : null,
    note: all
      .map(
        (l) =>
          `${l.ledger} (${l.network}): ${l.mode === "live" ? "live" : `simulated, ${l.reason ?? "not reachable"}`}`,
      )
      .join("; "),
  };
}
