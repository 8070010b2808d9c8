// The page's words and rules (spec part 2 §4, §8, §9). The API's constants (testnet.constants.ts, through
// features/<feature>/constants.ts) hold the toasts' text, the badge threshold and the no-endorsement sentence; the page
// adds which word each status card shows and the score's colour rule.
import { FRANKLIN_READY_WORDS, PERFORMANCE_SUCCESS_RATE_MIN, TESTNET_MESSAGES } from "../constants";

/**
 * The four flags of the status (§3), each with the word it shows when true (§4: "Active, Deployed, Tested or
 * Configured"; "Pending" otherwise). One word per flag, so all four of the spec's words appear: three say
 * what their flag's name says; the emergency functions (pause/unpause held by the Safe) are "Configured"
 * once the Safe has been seen to pause and unpause. (The API's FLAG_WORDS says "Tested" for both tests.)
 */
export const FLAG_CARDS = [
  {
    flag: "contractsDeployed",
    title: "Smart Contracts",
    on: "Deployed",
    measures: "Every contract of this chain's deploy map has code on the running chain instance.",
  },
  {
    flag: "multiSigTested",
    title: "Multi-Sig Wallet",
    on: "Tested",
    measures:
      "The treasury Safe refused a transaction with one signature (GS020) and executed it with two, on this chain instance.",
  },
  {
    flag: "treasuryArbitrageActive",
    title: "Treasury Arbitrage",
    on: "Active",
    measures: "At least one treasury-bond arbitrage position is open.",
  },
  {
    flag: "emergencyFunctionsTested",
    title: "Emergency Functions",
    on: "Configured",
    measures:
      "The Safe paused a contract, a user call was refused while paused, and the Safe unpaused it, on this chain instance.",
  },
] as const;

export type FlagName = (typeof FLAG_CARDS)[number]["flag"];

export const PENDING = "Pending";
export const flagWord = (on: string, value: boolean) => (value ? on : PENDING);

/** Franklin readiness is YES or PENDING (§4). */
export const franklinWord = (ready: boolean) => (ready ? FRANKLIN_READY_WORDS.ready : FRANKLIN_READY_WORDS.pending);

/** "Performance Validated" only when successRate is above 99 (§4, §9). */
export const performanceValidated = (successRate: number | null | undefined) =>
  successRate !== null && successRate !== undefined && successRate > PERFORMANCE_SUCCESS_RATE_MIN;

export type ScoreTone = "success" | "warning" | "error";
/** The readiness score's colour: green at 90 or more, yellow at 75 or more, red below. */
export function scoreTone(score: number): ScoreTone {
  if (score >= 90) return "success";
  if (score >= 75) return "warning";
  return "error";
}

/** Status refetched every 5 s (§7, §9). */
export const STATUS_POLL_MS = 5_000;

/** 87.5 -> "87.5", 100 -> "100" */
export const formatScore = (score: number) =>
  (Math.round(score * 10) / 10).toLocaleString("en-US", { maximumFractionDigits: 1 });

// "Perfection Failed - Please check logs and try again": a title and a description in a toast.
const [failedTitle = TESTNET_MESSAGES.perfectionFailed, failedDescription = ""] =
  TESTNET_MESSAGES.perfectionFailed.split(" - ");

/** The toasts, verbatim (§8). */
export const TESTNET_TOASTS = {
  perfectionComplete: (score: number, ready: boolean) => ({
    title: TESTNET_MESSAGES.perfectionComplete,
    description: `Readiness score: ${formatScore(score)}% · Franklin readiness: ${franklinWord(ready)}`,
  }),
  perfectionFailed: { title: failedTitle, description: failedDescription },
  reportGenerated: { title: TESTNET_MESSAGES.reportGenerated },
  multisigComplete: { title: TESTNET_MESSAGES.multisigComplete },
  treasuryComplete: { title: TESTNET_MESSAGES.treasuryComplete },
} as const;
