import type { ProfessionalKind } from "../constants";

/** Query keys of the professional page; every run invalidates `reportKey`, so the readiness report is read again. */
export const professionalKey = ["professional"] as const;
export const reportKey = [...professionalKey, "readiness-report"] as const;
/** The latest result of a kind this page has seen (the answer of its POST), kept for the tabs. */
export const resultKey = (kind: ProfessionalKind) => [...professionalKey, "result", kind] as const;

/** Mutation keys: every run (one kind, or the complete assessment) shares the prefix, so any run disables every button. */
export const runPrefix = [...professionalKey, "run"] as const;
export const runKey = (kind: ProfessionalKind | "complete") => [...runPrefix, kind] as const;

/**
 * A run answers when it is done (the API bounds them: the security suite 25 s, the load test 10 s, the DR
 * drill 60 s; the security audit also runs solhint and npm audit). Longer than a read's 15 s, still bounded.
 */
export const RUN_TIMEOUT_MS = 150_000;
