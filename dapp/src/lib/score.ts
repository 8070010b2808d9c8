// The spec's readiness colours (part 1 §4), one rule for every page that shows a score out of 100: green at
// 90 or above, yellow at 75 or above, red below; badge success / warning / destructive (MUI's "error").
export type ScoreTone = "success" | "warning" | "error";

export const SCORE_THRESHOLDS = { green: 90, yellow: 75 } as const;

export function scoreTone(score: number): ScoreTone {
  if (score >= SCORE_THRESHOLDS.green) return "success";
  if (score >= SCORE_THRESHOLDS.yellow) return "warning";
  return "error";
}

/** 87.54 -> "87.5", 100 -> "100" */
export const formatScore = (score: number) => (Math.round(score * 10) / 10).toLocaleString("en-US", { maximumFractionDigits: 1 });
