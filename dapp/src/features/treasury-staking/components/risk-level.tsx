import Chip from "@mui/material/Chip";

const COLOR = { LOW: "success", MEDIUM: "warning", HIGH: "error" } as const;

/** The spec's riskLevel (LOW, MEDIUM, HIGH) as a badge; the rule that set it is the API's, stated beside. */
export function RiskLevel({ level }: { level: "LOW" | "MEDIUM" | "HIGH" }) {
  return <Chip size="small" variant="outlined" color={COLOR[level] ?? "default"} label={`${level} risk`} data-testid="risk-level" data-risk={level} />;
}
