import { Pill } from "../../../components/pill";

// Outlined, in the theme's text-safe shades (4.5:1 or more on paper).
const INK = { LOW: "success.dark", MEDIUM: "warning.main", HIGH: "error.dark" } as const;

/** The spec's riskLevel (LOW, MEDIUM, HIGH) as a badge; the rule that set it is the API's, stated beside. */
export function RiskLevel({ level }: { level: "LOW" | "MEDIUM" | "HIGH" }) {
  return <Pill label={`${level} risk`} ink={INK[level]} border={INK[level]} data-testid="risk-level" data-risk={level} />;
}
