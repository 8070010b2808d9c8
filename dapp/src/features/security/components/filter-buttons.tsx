import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";

/** A row of toggle buttons (aria-pressed), one chosen: lighter than MUI's ToggleButtonGroup, keyboard reachable. */
export function FilterButtons<T extends string>({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (v: T) => void;
  testId: string;
}) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}
      role="group"
      aria-label={label}
      data-testid={testId}
    >
      <Typography variant="caption" color="text.secondary" sx={{ mr: 0.5 }}>
        {label}:
      </Typography>
      {options.map((o) => (
        <Button
          key={o.value}
          size="small"
          variant={o.value === value ? "contained" : "outlined"}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          data-testid={`${testId}-${o.value}`}
          sx={{ minWidth: 0, px: 1, py: 0.25 }}
        >
          {o.label}
        </Button>
      ))}
    </Stack>
  );
}
