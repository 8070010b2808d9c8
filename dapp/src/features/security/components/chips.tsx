import { Pill } from "../../../components/pill";
import type { SecurityCategory, SecuritySeverity, SecurityStatus } from "../api/contract";
import { CATEGORY_LABELS, SEVERITY_TONES, STATUS_TONES } from "../utils/words";

/** The spec's status word (PASS / FAIL / WARNING), filled in its colour: never told by colour alone, the word is there. */
export const StatusChip = ({ status }: { status: SecurityStatus }) => (
  <Pill
    size="small"
    label={status}
    color={STATUS_TONES[status]}
    data-testid="status-chip"
    data-status={status}
    sx={{ fontWeight: 700 }}
  />
);

/** The spec's severity word (CRITICAL, HIGH, MEDIUM, LOW, OK). */
export const SeverityChip = ({ severity }: { severity: SecuritySeverity }) => (
  <Pill
    size="small"
    variant="outlined"
    label={severity}
    color={SEVERITY_TONES[severity]}
    data-testid="severity-chip"
    data-severity={severity}
  />
);

/** The spec's category word, with its reading name. */
export const CategoryChip = ({
  category,
  testId = "category-chip",
}: {
  category: SecurityCategory;
  testId?: string;
}) => (
  <Pill
    size="small"
    variant="outlined"
    label={category}
    title={CATEGORY_LABELS[category]}
    data-testid={testId}
    data-category={category}
  />
);
