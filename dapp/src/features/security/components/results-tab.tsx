import { useState } from "react";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { SecurityCategory, SecurityReport, SecurityStatus, SecurityResult } from "../api/contract";
import { CATEGORIES, STATUSES } from "../utils/vocabulary";
import { failsFirst } from "../utils/words";
import { FilterButtons } from "./filter-buttons";
import { ResultCards } from "./result-card";

type Any = "ALL";

/**
 * Every check of the run, FAILs first, filtered by category and status (each option with its count); then the passive
 * rules that had nothing of their kind to judge (no HTML page, a plain-http target), each with why.
 */
export function ResultsTab({
  results,
  ranAt,
  notApplicable = [],
}: {
  results: readonly SecurityResult[];
  ranAt: string;
  notApplicable?: readonly SecurityReport["notApplicable"][number][];
}) {
  const [category, setCategory] = useState<SecurityCategory | Any>("ALL");
  const [status, setStatus] = useState<SecurityStatus | Any>("ALL");
  const count = (pred: (r: SecurityResult) => boolean) => results.filter(pred).length;
  const shown = failsFirst(
    results.filter((r) => (category === "ALL" || r.category === category) && (status === "ALL" || r.status === status)),
  );
  return (
    <Stack spacing={1.5} data-testid="results-tab">
      <FilterButtons
        label="Category"
        testId="filter-category"
        value={category}
        onChange={setCategory}
        options={[
          { value: "ALL" as const, label: `All (${results.length})` },
          ...CATEGORIES.map((c) => ({ value: c, label: `${c} (${count((r) => r.category === c)})` })),
        ]}
      />
      <FilterButtons
        label="Status"
        testId="filter-status"
        value={status}
        onChange={setStatus}
        // FAIL before WARNING before PASS, as the list
        options={[
          { value: "ALL" as const, label: "All" },
          ...STATUSES.map((s) => ({ value: s, label: `${s} (${count((r) => r.status === s)})` })),
        ]}
      />
      <Typography variant="body2" color="text.secondary" data-testid="results-shown" aria-live="polite">
        {shown.length} of {results.length} checks shown
      </Typography>
      <ResultCards results={shown} ranAt={ranAt} />
      {notApplicable.length > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="results-not-applicable">
          Not applicable (not assessed, not scored): {notApplicable.map((n) => `${n.testName}: ${n.reason}`).join("; ")}
          .
        </Typography>
      )}
    </Stack>
  );
}
