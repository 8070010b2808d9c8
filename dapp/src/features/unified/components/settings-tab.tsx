import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Columns } from "../../../components/columns";
import { Pill } from "../../../components/pill";
import { BENEFITS, CONSOLIDATED_FEATURES } from "../constants";

function CopyList({ title, items, testId }: { title: string; items: readonly string[]; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
        {items.map((i) => (
          <Typography component="li" variant="body2" key={i}>
            {i}
          </Typography>
        ))}
      </Stack>
    </Paper>
  );
}

/** Settings: the spec's static lists, shown as what they are: product copy, not a reading or a setting. */
export function SettingsTab() {
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
        <Pill size="small" variant="outlined" label="Product copy" data-testid="copy-label" />
        <Typography variant="body2" color="text.secondary">
          The specification’s lists, shown as text. Which of these exist here, and how they are doing, is on the
          Overview tab.
        </Typography>
      </Stack>
      <Columns columns={{ xs: 1, md: 2 }}>
        <CopyList title="Consolidated features" items={CONSOLIDATED_FEATURES} testId="consolidated-features" />
        <CopyList title="Benefits" items={BENEFITS} testId="benefits" />
      </Columns>
    </Stack>
  );
}
