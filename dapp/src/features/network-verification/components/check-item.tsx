import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { timeText } from "../../../lib/time";
import type { IdentityCheck } from "../api/contract";
import { Fact, Facts } from "../../../components/facts";
import { SourceText } from "./source-text";
import { OutcomeChip } from "./outcome-chip";

/** One identity check: what the value must be and who says so, what the node answered now, and the verdict. */
export function CheckItem({ check }: { check: IdentityCheck }) {
  return (
    <Box
      component="li"
      data-testid="check-item"
      data-check={check.id}
      data-outcome={check.outcome}
      sx={{ listStyle: "none", py: 1.5, borderTop: 1, borderColor: "divider", "&:first-of-type": { borderTop: 0 } }}
    >
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1, mb: 1 }}>
        <Typography variant="subtitle2" component="h4" sx={{ minWidth: 0, overflowWrap: "anywhere" }}>
          {check.name}
        </Typography>
        <OutcomeChip outcome={check.outcome} />
      </Box>
      <Facts stackOnPhone>
        <Fact term="Expected" mono testId="check-expected">
          {check.expected}
        </Fact>
        <Fact term="Source" testId="check-source">
          <SourceText source={check.source} url={check.sourceUrl} />
        </Fact>
        <Fact term="Read live" mono={check.actual !== null} testId="check-actual">
          {check.actual ?? "nothing read"}
        </Fact>
        <Fact term="Read with" mono>
          {check.readWith}
        </Fact>
        {check.note ? (
          <Fact term="Why" testId="check-note">
            {check.note}
          </Fact>
        ) : null}
        <Fact term="Checked">{timeText(check.checkedAt)}</Fact>
      </Facts>
    </Box>
  );
}
