// What this feature reads from others, declared structurally (features never import each other; app.ts
// wires the exports). Absent ones make their items say "not wired". Every run read here was made through an
// operator route (the only routes that write them), and each says who ran it (ranBy).

/** The testnet feature's exports.latestRun: the latest passing run of a kind on the current chain instance. */
export interface TestnetRuns {
  latestRun(kind: "multisig" | "emergency" | "treasury"): Promise<{
    id: number;
    passed: boolean;
    finishedAt: string;
    chainInstance: string | null;
    ranBy: string | null;
    ranOn: string | null;
    steps: { name: string; outcome: string; txHash: string | null }[];
  } | null>;
}

/** The security feature's exports.latest(): the last comprehensive run, the fields read here only. */
export interface SecurityResults {
  latest(): Promise<{
    summary: { overallScore: number; passedTests: number; totalTests: number; criticalIssues: number };
    detailedResults: { testName: string; category: string; severity: string; status: "PASS" | "FAIL" | "WARNING" }[];
    ranAt: string;
    ranBy: string | null;
  } | null>;
}

export type ProfessionalKind =
  "security-audit" | "load-testing" | "compliance-audit" | "penetration-testing" | "disaster-recovery";

/** The professional feature's exports. */
export interface ProfessionalResults {
  latest(
    kind: ProfessionalKind,
  ): Promise<{ ranAt: string; passed: boolean; score: number; summary: string; ranBy: string | null } | null>;
  contractProperties(): Promise<{
    recordedAt: string;
    passed: boolean;
    tests: number;
    failed: number;
    source: string;
  } | null>;
}
