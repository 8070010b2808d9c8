import { Pill } from "../../../components/pill";

/** The spec's risk badge: low, medium, anything else shown as high. */
export function RiskBadge({ level }: { level: string }) {
  const shown = level === "low" || level === "medium" ? level : "high";
  const color = shown === "low" ? "success" : shown === "medium" ? "warning" : "error";
  return (
    <Pill
      size="small"
      variant="outlined"
      color={color}
      label={`${shown} risk`}
      data-testid="risk-badge"
      data-risk={shown}
    />
  );
}
