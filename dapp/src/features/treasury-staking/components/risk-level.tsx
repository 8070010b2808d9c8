import { Pill } from "../../../components/pill";

// Outlined, in the theme's text-safe shades (4.5:1 or more on paper).
const INK = { LOW: "success.dark", MEDIUM: "warning.main", HIGH: "error.dark" } as const;

/** The spec's riskLevel (LOW, MEDIUM, HIGH) as a badge; the rule that set it is the API's, stated beside. */
export function RiskLevel({ level }: { level: "LOW" | "MEDIUM" | "HIGH" }) {
  return (
    <Pill
      size="small"
      variant="outlined"
      label={`${level} risk`}
      sx={{ color: INK[level], borderColor: INK[level], fontWeight: 600 }}
      data-testid="risk-level"
      data-risk={level}
    />
  );
}
