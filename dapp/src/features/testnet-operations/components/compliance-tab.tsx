import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { CompliancePanel } from "./compliance-panel";

/** Compliance: the validation panel. */
export function DashboardComplianceTab() {
  return (
    <Box component="section" aria-labelledby="dashboard-compliance-heading">
      <Typography id="dashboard-compliance-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Compliance validation
      </Typography>
      <CompliancePanel />
    </Box>
  );
}
