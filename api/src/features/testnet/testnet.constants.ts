// The testnet-readiness feature's vocabulary as plain values (no zod): the test kinds, the readiness checks
// with their labels, the spec's flag words and toasts, and the no-endorsement sentence. The schemas build on
// it and re-export it; the dapp's first load imports it directly (the dapp feature's constants.ts).

/** What a recorded test run exercised. A multisig test run records two runs: `multisig` and `emergency`. */
export const TEST_RUN_KINDS = ["multisig", "treasury", "emergency"] as const;
export type TestRunKind = (typeof TEST_RUN_KINDS)[number];

/** A step's outcome. A call expected to revert that reverted with the expected error has `passed`. */
export const STEP_OUTCOMES = ["passed", "failed", "skipped"] as const;
export type StepOutcome = (typeof STEP_OUTCOMES)[number];

/** What a step did on the chain: a mined transaction, an eth_call (nothing sent), or a read/check. */
export const STEP_KINDS = ["transaction", "call", "read"] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/**
 * The readiness checks, in the order the report lists them. readinessScore = passed / all x 100;
 * franklinTempletonReady = every check passes. The first four are the spec's status flags.
 */
export const READINESS_CHECKS = [
  {
    id: "contractsDeployed",
    label: "Contracts Deployed",
    rule: "every contract of the deploy map has code on this chain instance",
  },
  {
    id: "multiSigTested",
    label: "Multi-Sig Tested",
    rule: "an operator's multi-sig test passed for this chain instance, on a fresh in-process deploy with this chain's bytecode: one signature refused (GS020), two executed",
  },
  {
    id: "emergencyFunctionsTested",
    label: "Emergency Functions Tested",
    rule: "an operator's emergency test passed for this chain instance, on a fresh in-process deploy with this chain's bytecode: the Safe paused a contract, a user call was refused (EnforcedPause), the Safe unpaused it",
  },
  {
    id: "treasuryArbitrageActive",
    label: "Treasury Arbitrage Active",
    rule: "at least one open treasury-staking position held by an operator's wallet (OPERATOR_ADDRESSES; with it unset on a loopback-only server, any signed-in wallet); the shared demo book never counts",
  },
  {
    id: "treasuryTested",
    label: "Treasury Vault Tested",
    rule: "an operator's treasury test passed for this chain instance, on a fresh in-process deploy with this chain's bytecode: mint at 150%, 149% refused, liquidation below 130%",
  },
  {
    id: "performanceValidated",
    label: "Performance Validated",
    rule: "API success rate (share of /api responses that are not 5xx) above 99%, over at least one request",
  },
  {
    id: "treasuryYieldAccuracy",
    label: "Treasury Yield Accuracy",
    rule: "every served tenor equals the bundled source file's row (100%, no mismatch)",
  },
  {
    id: "arbitrageSpreadCapture",
    label: "Arbitrage Spread Capture",
    rule: "measured on the operators' positions (as above) that aged a curve day, and the realised spread change between 50% and 200% of the modelled one (a ratio far outside means the model did not describe what happened, whichever way)",
  },
] as const;
export type ReadinessCheckId = (typeof READINESS_CHECKS)[number]["id"];

/** The Performance Validated badge's threshold (spec: successRate above 99). */
export const PERFORMANCE_SUCCESS_RATE_MIN = 99;
/** Yield accuracy passes at this percent (every tenor matches). */
export const YIELD_ACCURACY_PASS_PERCENT = 100;
/** Spread capture passes between these percents of the modelled change realised (inclusive). */
export const SPREAD_CAPTURE_PASS_PERCENT = 50;
export const SPREAD_CAPTURE_MAX_PERCENT = 200;

/** The spec's words for a flag: shown when true, "Pending" otherwise (section 4). */
export const FLAG_WORDS = {
  contractsDeployed: "Deployed",
  multiSigTested: "Tested",
  treasuryArbitrageActive: "Active",
  emergencyFunctionsTested: "Tested",
  pending: "Pending",
} as const;
/** Franklin readiness as the spec shows it. */
export const FRANKLIN_READY_WORDS = { ready: "YES", pending: "PENDING" } as const;

/** The spec's toasts (section 8), verbatim. */
export const TESTNET_MESSAGES = {
  perfectionComplete: "Testnet Perfection Complete!",
  perfectionFailed: "Perfection Failed - Please check logs and try again",
  reportGenerated: "Franklin Templeton Report Generated",
  multisigComplete: "Multi-Sig Tests Complete",
  treasuryComplete: "Treasury Tests Complete",
} as const;

/** Said plainly on the status, the report and the page: the checklist is ours alone. */
export const NO_ENDORSEMENT =
  "This is our own readiness checklist, computed from our testnet. It is not endorsed, reviewed or certified by Franklin Templeton or anyone else, and implies no affiliation or partnership.";

/** Hardhat's public dev accounts the treasury test uses (local chain only; nobody else may use them). */
export const TREASURY_TEST_ACCOUNTS = { borrower: 7, liquidator: 8 } as const;
