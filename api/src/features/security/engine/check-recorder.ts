// One check's evidence and verdict. A check FAILs on any finding, is a WARNING when it could not send a probe
// (or says why it could not be assessed), and PASSes otherwise; probes left unsent by a bound are named.
import { SECURITY_CHECKS, type SecurityCheckId } from "../security.constants";
import type { SecurityEvidence, SecurityResult } from "../security.schemas";
import type { ProbeOutcome } from "./prober";

export class CheckRecorder {
  readonly evidence: SecurityEvidence[] = [];
  findings = 0;
  sent = 0;
  notSent = { budget: 0, rateLimit: 0 };
  rateLimited = 0;
  private warning: string | null = null;
  private readonly firstFindings: string[] = [];

  constructor(readonly id: SecurityCheckId) {}

  get def() {
    return SECURITY_CHECKS.find((c) => c.id === this.id)!;
  }

  /** Records a probe's outcome and what is wrong with its answer (null: as it should be). */
  record(outcome: ProbeOutcome, finding: string | null): void {
    if (!outcome.sent) {
      if (outcome.why === "budget") this.notSent.budget++;
      else this.notSent.rateLimit++;
      return;
    }
    this.sent++;
    // A 429 says nothing about the check: shown, never judged.
    if (outcome.rateLimited) {
      this.rateLimited++;
      this.evidence.push({ ...outcome.evidence, finding: null });
      return;
    }
    this.evidence.push({ ...outcome.evidence, finding });
    if (finding) {
      this.findings++;
      if (this.firstFindings.length < 3)
        this.firstFindings.push(
          `${outcome.evidence.request.method} ${outcome.evidence.request.path.slice(0, 80)}: ${finding}`,
        );
    }
  }

  /** The check could not be assessed (or only partly): a WARNING unless something was found. */
  warn(why: string): void {
    this.warning = why;
  }

  result(passDetail: string): SecurityResult {
    const def = this.def;
    const unsent = this.notSent.budget + this.notSent.rateLimit + this.rateLimited;
    const bounds = [
      this.notSent.budget ? `${this.notSent.budget} probe(s) not sent (run budget)` : "",
      this.notSent.rateLimit + this.rateLimited
        ? `${this.notSent.rateLimit + this.rateLimited} write probe(s) not sent or refused by the target's write rate limit`
        : "",
    ].filter(Boolean);
    let status: SecurityResult["status"];
    let detail: string;
    if (this.findings > 0) {
      status = "FAIL";
      detail = `${this.findings} finding(s) in ${this.sent} probe(s): ${this.firstFindings.join("; ")}`;
    } else if (this.warning) {
      status = "WARNING";
      detail = `Not assessed: ${this.warning}`;
    } else if (this.sent - this.rateLimited === 0) {
      status = "WARNING";
      detail = `Not assessed: no probe could be sent${unsent ? ` (${bounds.join(", ")})` : " (the target declares nothing this check applies to)"}`;
    } else if (unsent > 0) {
      // No finding in what was sent is not a pass: part of the surface went unprobed, and the report says so.
      status = "WARNING";
      this.warning =
        "send every probe: raise the write rate limit (RATE_LIMIT_WRITES_PER_MINUTE) or the run's budget, then run again";
      detail = `Partly assessed: no finding in ${this.sent - this.rateLimited} probe(s), but ${bounds.join(", ")}`;
    } else {
      status = "PASS";
      detail = `${passDetail} (${this.sent} probe(s))`;
    }
    return {
      id: def.id,
      testName: def.testName,
      description: def.description,
      category: def.category,
      severity: status === "FAIL" ? def.severity : status === "WARNING" ? "LOW" : "OK",
      status,
      complianceFramework: [...def.owasp.map((o) => `OWASP ${o}`), ...def.asvs.map((a) => `ASVS ${a}`)],
      detail,
      recommendation:
        status === "FAIL"
          ? def.remedy
          : status === "WARNING"
            ? `Assess it fully: ${this.warning ?? "give the suite room to send its probes (budget, rate limit)"}`
            : null,
      probesSent: this.sent,
      findings: this.findings,
      evidence: this.evidence,
    };
  }
}
