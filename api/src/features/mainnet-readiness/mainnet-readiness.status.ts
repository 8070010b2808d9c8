// GET /api/mainnet-readiness/status: every item computed when asked, from the chain (role holders), the
// testnet feature's runs (the pause path), the committed gas report, the config (where keys came from) and
// the security and professional features' recorded results; the external audit is a fixed statement.
// score = items passed / all items (not measured counts as not passed).
import type { KeySource, KeySources } from "../../config";
import { withTimeout } from "../../ledgers/deadline";
import type { ProfessionalResults, SecurityResults, TestnetRuns } from "./mainnet-readiness.exports";
import { readGasReport } from "./mainnet-readiness.gas";
import { createRoleReader, type RoleReading, type RolesDeps } from "./mainnet-readiness.roles";
import { durationInWords } from "../../shared/duration-in-words";
import {
  EXTERNAL_AUDIT_STATEMENT,
  KEY_NAMES,
  READINESS_ITEMS,
  SCORE_RULE,
  STALE_AFTER_HOURS,
  type MainnetReadinessStatusResponse,
  type ReadinessItem,
  type ReadinessItemId,
} from "./mainnet-readiness.schemas";

export interface StatusDeps extends RolesDeps {
  network: string;
  keySources: KeySources;
  /** When the config (and so the keys' sources) was read: the API's start. */
  configuredAt: Date;
  testnet?: TestnetRuns;
  security?: SecurityResults;
  professional?: ProfessionalResults;
  gasReportPath?: string;
  now?: () => Date;
}

type Outcome = Pick<ReadinessItem, "passed" | "detail" | "evidence" | "measuredAt"> & {
  kind?: ReadinessItem["kind"];
  ranBy?: string | null;
};

const READ_TIMEOUT_MS = 5000;
const firstLine = (err: unknown) => (err instanceof Error ? err.message.split("\n")[0]! : String(err));
const round1 = (n: number) => Math.round(n * 10) / 10;
const notWired = (feature: string): Outcome => ({
  passed: null,
  detail: `not wired: the ${feature} feature's exports are not connected to this API`,
  evidence: [],
  measuredAt: null,
});

export function createStatusComputer(deps: StatusDeps) {
  const now = deps.now ?? (() => new Date());
  const readRoles = createRoleReader(deps);

  /** A read of another feature within the time limit; a failure is the item's "not measured" reason. */
  async function guarded(what: string, read: () => Promise<Outcome>): Promise<Outcome> {
    try {
      return await withTimeout(read(), READ_TIMEOUT_MS, what);
    } catch (err) {
      return {
        passed: null,
        detail: `not measured: ${what} failed: ${firstLine(err)}`,
        evidence: [],
        measuredAt: null,
      };
    }
  }

  /** A recorded result older than the window is stale: shown with its verdict, counted as not measured. */
  function recorded(at: string, passed: boolean, detail: string, evidence: string[], ranBy: string | null): Outcome {
    const ageS = Math.max(0, Math.round((now().getTime() - Date.parse(at)) / 1000));
    const by = ranBy ? `, run by ${ranBy}` : "";
    if (ageS > STALE_AFTER_HOURS * 3600) {
      return {
        passed: null,
        detail: `stale: ${passed ? "passed" : "failed"} ${durationInWords(ageS)} ago${by}, older than the ${STALE_AFTER_HOURS} h window (run it again). ${detail}`,
        evidence,
        measuredAt: at,
        ranBy,
      };
    }
    return { passed, detail: `${detail} (${durationInWords(ageS)} ago${by})`, evidence, measuredAt: at, ranBy };
  }

  function safeAdmin(reading: RoleReading | { error: string }): Outcome {
    if ("error" in reading)
      return {
        passed: null,
        detail: `not measured: the chain could not be read (${reading.error})`,
        evidence: [],
        measuredAt: null,
      };
    if (!reading.safe)
      return {
        passed: null,
        detail: `not measured: no Safe (TreasuryMultisig) in the deploy map of chain ${deps.chainId}`,
        evidence: [],
        measuredAt: null,
      };
    const counted = reading.holders.filter((h) => h.privileged && h.counted);
    if (counted.length === 0)
      return {
        passed: null,
        detail: "not measured: no admin or pause right found on the deploy map's contracts",
        evidence: [],
        measuredAt: now().toISOString(),
      };
    const foreign = counted.filter((h) => h.kind !== "safe");
    const eoas = foreign.filter((h) => h.kind === "eoa");
    const mocks = reading.holders.filter((h) => h.privileged && !h.counted);
    const operational = reading.holders.filter((h) => !h.privileged && h.kind === "eoa");
    const detail =
      (foreign.length === 0
        ? `all ${counted.length} admin and pause rights on ${new Set(counted.map((h) => h.contract)).size} contracts are held by the Safe`
        : `${foreign.length} of ${counted.length} admin or pause rights are not the Safe's (${eoas.length} held by an EOA)`) +
      `; ${operational.length} operational role${operational.length === 1 ? "" : "s"} held by EOAs` +
      (mocks.length ? `; mocks not counted: ${[...new Set(mocks.map((m) => m.contract))].join(", ")}` : "") +
      (reading.incomplete ? `; ${reading.incomplete}` : "");
    return {
      // An incomplete reading (the index behind the chain) cannot prove a pass.
      passed: foreign.length > 0 ? false : reading.incomplete ? null : true,
      detail,
      evidence: [
        ...foreign.map((h) => `${h.contract} ${h.role}: ${h.holder} (${h.holderName})`),
        ...operational.map((h) => `operational: ${h.contract} ${h.role}: ${h.holder} (${h.holderName})`),
      ],
      measuredAt: now().toISOString(),
    };
  }

  async function pausePath(): Promise<Outcome> {
    const t = deps.testnet;
    if (!t) return notWired("testnet");
    return guarded("the testnet runs", async () => {
      const run = await t.latestRun("emergency");
      if (!run)
        return {
          passed: null,
          detail:
            "not measured: no passing emergency run for this chain instance yet (an operator runs the multi-sig test at /testnet-perfection)",
          evidence: [],
          measuredAt: null,
        };
      return {
        passed: true,
        detail: `emergency run #${run.id} passed at ${run.finishedAt}, run by ${run.ranBy ?? "(not recorded)"}: ${run.steps.length} steps for this chain instance${run.ranOn ? `, on ${run.ranOn}` : ""}`,
        evidence: [
          `run #${run.id}`,
          ...run.steps.map((s) => `${s.name}: ${s.outcome}${s.txHash ? ` (${s.txHash})` : ""}`),
        ],
        measuredAt: run.finishedAt,
        ranBy: run.ranBy,
      };
    });
  }

  async function gas(): Promise<Outcome> {
    return guarded("the gas report", () => readGasReport(deps.gasReportPath));
  }

  async function propertyTests(): Promise<Outcome> {
    const p = deps.professional;
    if (!p) return notWired("professional");
    return guarded("the contract property record", async () => {
      const r = await p.contractProperties();
      if (!r)
        return {
          passed: null,
          detail: "not measured: never recorded on this machine (run npm run test:contracts)",
          evidence: [],
          measuredAt: null,
        };
      return {
        passed: r.passed && r.failed === 0 && r.tests > 0,
        detail: `${r.tests - r.failed} of ${r.tests} property tests passed, recorded ${r.recordedAt}`,
        evidence: [`source: ${r.source}`],
        measuredAt: r.recordedAt,
      };
    });
  }

  function keys(): Outcome {
    const entries = Object.entries(deps.keySources) as [keyof KeySources, KeySource][];
    const bad = entries.filter(([, s]) => s === "dev-default" || s === "generated" || s === "install-file");
    const words: Record<KeySource, string> = {
      env: "from the environment",
      "dev-default": "a public development key",
      generated: "generated by this process at start",
      "install-file": "generated at the first start, kept in a file beside the data",
      none: "none held by the server",
    };
    return {
      passed: bad.length === 0,
      detail:
        bad.length === 0
          ? `all ${entries.length} server keys come from the environment or are not held`
          : `${bad.length} of ${entries.length} server keys are not from the environment: ${bad.map(([k]) => KEY_NAMES[k]).join(", ")}`,
      evidence: entries.map(([k, s]) => `${KEY_NAMES[k]}: ${words[s]}`),
      measuredAt: deps.configuredAt.toISOString(),
    };
  }

  async function securitySuite(): Promise<Outcome> {
    const s = deps.security;
    if (!s) return notWired("security");
    return guarded("the security results", async () => {
      const r = await s.latest();
      if (!r)
        return {
          passed: null,
          detail:
            "not measured: the comprehensive security suite has not run yet (run it at /government-security-dashboard)",
          evidence: [],
          measuredAt: null,
        };
      const failed = r.detailedResults.filter((d) => d.status === "FAIL");
      return recorded(
        r.ranAt,
        failed.length === 0 && r.summary.criticalIssues === 0,
        `${r.summary.passedTests} of ${r.summary.totalTests} checks pass, ${r.summary.criticalIssues} critical issue${r.summary.criticalIssues === 1 ? "" : "s"}, score ${r.summary.overallScore}`,
        failed.map((d) => `FAIL ${d.category} ${d.severity}: ${d.testName}`),
        r.ranBy,
      );
    });
  }

  async function professionalRun(kind: "load-testing" | "disaster-recovery", where: string): Promise<Outcome> {
    const p = deps.professional;
    if (!p) return notWired("professional");
    return guarded(`the ${kind} result`, async () => {
      const r = await p.latest(kind);
      if (!r)
        return {
          passed: null,
          detail: `not measured: no ${kind} run yet (run it at ${where})`,
          evidence: [],
          measuredAt: null,
        };
      return recorded(
        r.ranAt,
        r.passed,
        // "not passed": a run below its bar or inconclusive within its margin (the summary says which).
        `${r.passed ? "passed" : "not passed"}, score ${r.score}: ${r.summary}`,
        [],
        r.ranBy,
      );
    });
  }

  function externalAudit(): Outcome {
    return { passed: false, detail: EXTERNAL_AUDIT_STATEMENT, evidence: [], measuredAt: null, kind: "statement" };
  }

  async function compute(): Promise<Omit<MainnetReadinessStatusResponse, "snapshotStored">> {
    const [roles, pause, gasOut, props, security, load, dr, instance] = await Promise.all([
      readRoles().catch((err: unknown) => ({ error: firstLine(err) })),
      pausePath(),
      gas(),
      propertyTests(),
      securitySuite(),
      professionalRun("load-testing", "/professional-blockchain-development"),
      professionalRun("disaster-recovery", "/professional-blockchain-development"),
      withTimeout(deps.node.block(0n), READ_TIMEOUT_MS, "genesis block").then(
        (b) => b.hash.toLowerCase(),
        () => null,
      ),
    ]);
    const outcomes: Record<ReadinessItemId, Outcome> = {
      "safe-admin": safeAdmin(roles),
      "pause-path": pause,
      "gas-budget": gasOut,
      "property-tests": props,
      "keys-from-env": keys(),
      "security-suite": security,
      "load-test": load,
      "disaster-recovery": dr,
      "external-audit": externalAudit(),
    };
    const at = now();
    const items: ReadinessItem[] = READINESS_ITEMS.map((def) => {
      const o = outcomes[def.id];
      return {
        id: def.id,
        label: def.label,
        rule: def.rule,
        passed: o.passed,
        detail: o.detail,
        evidence: o.evidence,
        measuredAt: o.measuredAt,
        ranBy: o.ranBy ?? null,
        ageSeconds: o.measuredAt ? Math.max(0, Math.round((at.getTime() - Date.parse(o.measuredAt)) / 1000)) : null,
        kind: o.kind ?? "reading",
        link: def.link,
      };
    });
    // Failing first, then not measured, then passing; the checklist's order within each.
    const rank = (i: ReadinessItem) => (i.passed === false ? 0 : i.passed === null ? 1 : 2);
    const ordered = items
      .map((item, n) => ({ item, n }))
      .sort((a, b) => rank(a.item) - rank(b.item) || a.n - b.n)
      .map((x) => x.item);
    const passed = items.filter((i) => i.passed === true).length;
    return {
      score: round1((passed / items.length) * 100),
      passed,
      total: items.length,
      notMeasured: items.filter((i) => i.passed === null).length,
      scoreRule: SCORE_RULE,
      items: ordered,
      roleHolders: "error" in roles ? [] : roles.holders,
      chain: {
        chainId: deps.chainId,
        network: deps.network,
        chainInstance: instance,
        safe: "error" in roles ? null : roles.safe,
      },
      computedAt: at.toISOString(),
    };
  }

  // readRoles: the same reading (cached per head) that the technical overview shows, through this feature's exports.
  return { compute, readRoles };
}
