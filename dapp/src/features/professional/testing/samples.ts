// The API's recorded samples (real runs, api/src/features/professional/testing/samples/), parsed with its
// schemas: the page's tests show these and compare every figure with them.
import complianceJson from "../../../../../api/src/features/professional/testing/samples/compliance-audit.json";
import drJson from "../../../../../api/src/features/professional/testing/samples/disaster-recovery.json";
import loadJson from "../../../../../api/src/features/professional/testing/samples/load-testing.json";
import penJson from "../../../../../api/src/features/professional/testing/samples/penetration-testing.json";
import emptyReportJson from "../../../../../api/src/features/professional/testing/samples/readiness-report.empty.json";
import reportJson from "../../../../../api/src/features/professional/testing/samples/readiness-report.json";
import securityJson from "../../../../../api/src/features/professional/testing/samples/security-audit.json";
import {
  complianceAuditResult,
  disasterRecoveryResult,
  loadTestingResult,
  penetrationTestingResult,
  readinessReport,
  securityAuditResult,
} from "../../../../../api/src/features/professional/professional.schemas";

export const samples = {
  report: readinessReport.parse(reportJson),
  emptyReport: readinessReport.parse(emptyReportJson),
  "security-audit": securityAuditResult.parse(securityJson),
  "load-testing": loadTestingResult.parse(loadJson),
  "compliance-audit": complianceAuditResult.parse(complianceJson),
  "penetration-testing": penetrationTestingResult.parse(penJson),
  "disaster-recovery": disasterRecoveryResult.parse(drJson),
};
