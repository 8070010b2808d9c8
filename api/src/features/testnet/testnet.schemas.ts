// The HTTP contract of the testnet-readiness feature (the /testnet-perfection page): the status with every
// flag computed, the recorded test runs, the perfection result and the readiness report. Every POST takes no
// body. Amounts on the chain travel as decimal text (wei, XQBUSD base units, basis points, the feed's 8-decimal
// answer), never as floating-point numbers; percentages and milliseconds are numbers.
import { z } from "zod";
import { READINESS_CHECKS, STEP_KINDS, STEP_OUTCOMES, TEST_RUN_KINDS } from "./testnet.constants";

export * from "./testnet.constants";

const hash32 = z.string().regex(/^0x[0-9a-f]{64}$/, "must be a lower-case 0x-prefixed 32-byte hash");
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const isoTime = z.string().datetime({ offset: true });
const checkIds = READINESS_CHECKS.map((c) => c.id) as [
  (typeof READINESS_CHECKS)[number]["id"],
  ...(typeof READINESS_CHECKS)[number]["id"][],
];

/** The POSTs take nothing: an empty body or `{}` (anything else is a 400 naming the field). */
export const noBody = z.strictObject({}).optional();

// ---- test runs ---------------------------------------------------------------------------------------

export const testStep = z.object({
  /** What the step does, in words ("Borrower (#7) mints XQBUSD at exactly 150%"). */
  name: z.string(),
  outcome: z.enum(STEP_OUTCOMES),
  kind: z.enum(STEP_KINDS),
  /** "success": the step must go through; "revert": it must be refused (with `expectedError`). */
  expect: z.enum(["success", "revert"]),
  expectedError: z.string().nullable(),
  /** The mined transaction, for `transaction` steps that were sent. */
  txHash: hash32.nullable(),
  /** The decoded revert (custom error with its arguments), when the chain refused the call. */
  revertReason: z.string().nullable(),
  /** Readings around the step, decimal text: amounts in base units, ratios in basis points, prices in feed units. */
  numbers: z.record(z.string(), z.string()),
  /** Why it was skipped or failed, or what it showed. */
  detail: z.string(),
});
export type TestStep = z.infer<typeof testStep>;

export const testRun = z.object({
  id: z.number().int(),
  kind: z.enum(TEST_RUN_KINDS),
  chainId: z.number().int(),
  /** The shared chain's run (genesis block hash) it was recorded against, whose code the sandbox matched; null when unread. */
  chainInstance: z.string().nullable(),
  /** Every step passed and none was skipped. */
  passed: z.boolean(),
  /** "live": the steps ran on the chain; "skipped": this chain cannot run them (the reason is in the steps). */
  source: z.enum(["live", "skipped"]),
  steps: z.array(testStep),
  startedAt: isoTime,
  finishedAt: isoTime,
  /** Who ran it: the operator's address, or "open (local presenter)"; null for a run recorded before this was kept. */
  ranBy: z.string().nullable(),
  /** Where the steps ran ("in-process chain, fresh deploy of the suite at <time> …"); null when they did not run. */
  ranOn: z.string().nullable(),
  /** The run is on the chain instance the API is on now (a restarted local chain is a new instance). */
  onCurrentChain: z.boolean().nullable(),
});
export type TestRun = z.infer<typeof testRun>;

/** A vault position as TreasuryVault.positionOf reads it (decimal text; ratio "max" when no debt). */
export const vaultPosition = z.object({
  account: address,
  ethCollateral: z.string(),
  usdcCollateral: z.string(),
  collateralValueUsd: z.string(),
  debt: z.string(),
  collateralRatioBps: z.string(),
  healthy: z.boolean(),
  liquidatable: z.boolean(),
  maxMintable: z.string(),
});
export type VaultPosition = z.infer<typeof vaultPosition>;

/** The vault after the treasury test, read from the in-process chain it ran on (the shared chain's vault is untouched). */
export const vaultState = z.object({
  ethUsdPrice: z.string(),
  feedDecimals: z.number().int(),
  systemCollateralRatioBps: z.string(),
  xqbusdSupply: z.string(),
  borrower: vaultPosition,
  liquidator: vaultPosition,
});
export type VaultState = z.infer<typeof vaultState>;

export const treasuryTestResponse = z.object({ run: testRun, vault: vaultState.nullable() });
export type TreasuryTestResponse = z.infer<typeof treasuryTestResponse>;

/** The multi-sig test records two runs: the GS020/2-of-3 run and the emergency (pause) run it used as payload. */
export const multisigTestResponse = z.object({ multisig: testRun, emergency: testRun });
export type MultisigTestResponse = z.infer<typeof multisigTestResponse>;

// ---- status ----------------------------------------------------------------------------------------

/** What request-metrics measured over the /api requests it holds. */
export const requestMetricsSnapshot = z.object({
  requests: z.number().int(),
  avgResponseTimeMs: z.number().nullable(),
  p95Ms: z.number().nullable(),
  /** Percent of responses that were not 5xx (4xx are the client's mistakes, not failures); null with no request. */
  successRate: z.number().nullable(),
  /** ISO time of the oldest request counted. */
  since: isoTime.nullable(),
});
export type RequestMetricsSnapshot = z.infer<typeof requestMetricsSnapshot>;

export const readinessCheck = z.object({
  id: z.enum(checkIds),
  label: z.string(),
  /** The rule it applies, in words. */
  rule: z.string(),
  passed: z.boolean(),
  /** The reading that decided it ("21 of 21 contracts have code", "no passing run on this chain instance"). */
  detail: z.string(),
  /** Transaction hashes, missing contracts, run ids: what a reader can verify. */
  evidence: z.array(z.string()),
});
export type ReadinessCheck = z.infer<typeof readinessCheck>;

export const testnetStatusResponse = z.object({
  contractsDeployed: z.boolean(),
  multiSigTested: z.boolean(),
  treasuryArbitrageActive: z.boolean(),
  emergencyFunctionsTested: z.boolean(),
  franklinTempletonReady: z.boolean(),
  /** Percent of checks that pass, 0..100, one decimal. */
  readinessScore: z.number(),
  performanceMetrics: z.object({
    /** ms, over the /api requests request-metrics holds; null before any. */
    avgResponseTime: z.number().nullable(),
    /** Percent of those not answered 5xx; null before any. */
    successRate: z.number().nullable(),
    /** Percent of tenors whose served yield equals the source file; null when it could not be measured. */
    treasuryYieldAccuracy: z.number().nullable(),
    /** Percent of the modelled spread change realised; null with a reason in the check's detail. */
    arbitrageSpreadCapture: z.number().nullable(),
  }),
  checks: z.array(readinessCheck),
  requestMetrics: requestMetricsSnapshot,
  chain: z.object({
    chainId: z.number().int(),
    network: z.string(),
    chainInstance: z.string().nullable(),
    live: z.boolean(),
    /** Why the chain is not live; null when it is. */
    reason: z.string().nullable(),
  }),
  contracts: z.object({ expected: z.number().int(), missing: z.array(z.string()) }),
  /** The Safe's owners and threshold, read from the chain (the spec's "3 signers"); null when unread. */
  multiSig: z.object({ address, owners: z.array(address), threshold: z.number().int() }).nullable(),
  /** The latest run of each kind on this chain instance (passing or not). */
  latestRuns: z.object({ multisig: testRun.nullable(), treasury: testRun.nullable(), emergency: testRun.nullable() }),
  disclaimer: z.string(),
  asOf: isoTime,
});
export type TestnetStatusResponse = z.infer<typeof testnetStatusResponse>;

export const perfectResponse = z.object({
  readinessScore: z.number(),
  franklinTempletonReady: z.boolean(),
  checks: z.array(readinessCheck),
  /** The runs made by this request (multisig, emergency, treasury). */
  runs: z.array(testRun),
  /** The score before the runs, for "rose from X to Y". */
  readinessScoreBefore: z.number(),
  disclaimer: z.string(),
});
export type PerfectResponse = z.infer<typeof perfectResponse>;

// ---- the readiness report -----------------------------------------------------------------------------

export const franklinReport = z.object({
  title: z.string(),
  generatedAt: isoTime,
  disclaimer: z.string(),
  summary: z.object({
    readinessScore: z.number(),
    franklinTempletonReady: z.boolean(),
    checksPassed: z.number().int(),
    checksTotal: z.number().int(),
    network: z.string(),
    chainId: z.number().int(),
    chainInstance: z.string().nullable(),
  }),
  /** Capability lists: each section's items with their state and evidence. */
  sections: z.array(
    z.object({
      title: z.string(),
      items: z.array(
        z.object({
          label: z.string(),
          status: z.enum(["ready", "pending"]),
          detail: z.string(),
          evidence: z.array(z.string()),
        }),
      ),
    }),
  ),
});
export type FranklinReport = z.infer<typeof franklinReport>;

export const franklinReportResponse = z.object({
  /** e.g. "testnet-readiness-report-2026-11-24.md". */
  filename: z.string(),
  markdown: z.string(),
  report: franklinReport,
});
export type FranklinReportResponse = z.infer<typeof franklinReportResponse>;
