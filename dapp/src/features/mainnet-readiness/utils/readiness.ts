// The page's words and rules: the verdict of an item, the score's colour (the spec's readiness colours,
// 90 / 75), ages in words.
import type { ReadinessItem } from "../api/contract";

export type ScoreTone = "success" | "warning" | "error";
/** Green at 90 or more, yellow at 75 or more, red below (spec part 1 §4). */
export function scoreTone(score: number): ScoreTone {
  if (score >= 90) return "success";
  if (score >= 75) return "warning";
  return "error";
}

/** 87.5 -> "87.5", 100 -> "100" */
export const formatScore = (score: number) =>
  (Math.round(score * 10) / 10).toLocaleString("en-US", { maximumFractionDigits: 1 });

export type Verdict = "pass" | "fail" | "not-measured" | "statement";
export const verdictOf = (i: Pick<ReadinessItem, "passed" | "kind">): Verdict =>
  i.kind === "statement" ? "statement" : i.passed === true ? "pass" : i.passed === false ? "fail" : "not-measured";

export const VERDICT_WORDS: Record<Verdict, string> = {
  pass: "PASS",
  fail: "FAIL",
  "not-measured": "NOT MEASURED",
  statement: "NOT DONE",
};
export const VERDICT_COLOURS: Record<Verdict, "success" | "error" | "warning" | "default"> = {
  pass: "success",
  fail: "error",
  "not-measured": "warning",
  statement: "error",
};

export const REPORT_LABEL = "Download report";
