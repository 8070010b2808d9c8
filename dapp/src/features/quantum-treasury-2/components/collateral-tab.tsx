import { Notice } from "../../../components/notice";
import Box from "@mui/material/Box";
import { Pill } from "../../../components/pill";
import Grid from "@mui/material/Grid";
import InputAdornment from "@mui/material/InputAdornment";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { SourceBadge } from "../../../components/source-badge";
import { describeQueryError } from "../../../lib/api-errors";
import { useCapacity } from "../api/get-capacity";
import {
  capacitiesAgree,
  computeCapacity,
  LIQUIDATION_THRESHOLD_PERCENT,
  type CapacityFigures,
} from "../utils/capacity";
import { percent, usdFull } from "../utils/format";
import { useDebounced } from "../utils/use-debounced";
import type { QtCapacityResponse } from "../api/contract";
import type { CollateralInputs } from "../utils/collateral-inputs";

/**
 * What GET .../capacity takes (its query schema): a collateral up to 1e15 with at most 6 decimals, a ratio
 * up to 100,000% with at most 2 (a whole number of basis points, as capacityAt takes it).
 */
const askableCollateral = (v: string) => /^\d{1,16}(\.\d{1,6})?$/.test(v) && Number(v) <= 1e15;
const askableRatio = (v: string) => /^\d{1,6}(\.\d{1,2})?$/.test(v) && Number(v) > 0 && Number(v) <= 100_000;

/**
 * USDC Collateral: the spec's capacity calculator (two number inputs, §5's formulas computed here as the
 * user types), the vault's own `capacityAt` answer beside it with an agree badge, and a warning under the
 * 130% liquidation threshold. The collateral amount is also what Treasury Operations' "Convert to USDC" deploys.
 */
export function CollateralTab({
  inputs,
  onChange,
}: {
  inputs: CollateralInputs;
  onChange: (next: CollateralInputs) => void;
}) {
  const result = computeCapacity(inputs.collateral, inputs.ratio);
  const figures = "figures" in result ? result.figures : null;
  const askable = figures && askableCollateral(inputs.collateral.trim()) && askableRatio(inputs.ratio.trim());
  // Debounced as text: an object made afresh at each render would never settle.
  const settledKey = useDebounced(askable ? `${inputs.collateral.trim()}|${inputs.ratio.trim()}` : null);
  const settled = settledKey ? { collateral: settledKey.split("|")[0]!, ratio: settledKey.split("|")[1]! } : null;
  const vault = useCapacity(settled);
  return (
    <Stack spacing={3} data-testid="qt-collateral">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Capacity calculator
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              id="qt-collateral-amount"
              label="USDC collateral amount"
              type="number"
              fullWidth
              value={inputs.collateral}
              onChange={(e) => onChange({ ...inputs, collateral: e.target.value })}
              slotProps={{
                htmlInput: { "data-testid": "qt-collateral-input", inputMode: "decimal" },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              id="qt-collateral-ratio"
              label="Collateralization ratio"
              type="number"
              fullWidth
              value={inputs.ratio}
              onChange={(e) => onChange({ ...inputs, ratio: e.target.value })}
              slotProps={{
                htmlInput: { "data-testid": "qt-ratio-input", inputMode: "decimal" },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
            />
          </Grid>
        </Grid>
      </Paper>
      {"problem" in result ? (
        <Notice severity="info" data-testid="qt-calc-problem">
          {result.problem}
        </Notice>
      ) : (
        <Figures figures={result.figures} />
      )}
      {figures?.belowLiquidation ? (
        <Notice severity="warning" data-testid="qt-calc-warning">
          {percent(figures.ratio)} is below the {LIQUIDATION_THRESHOLD_PERCENT}% liquidation threshold: a position at
          this ratio can be liquidated, and the vault mints only at 150% or more.
        </Notice>
      ) : null}
      {figures ? (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="qt-vault-capacity">
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1, mb: 1 }}>
            <Typography variant="subtitle1" component="h3">
              The vault's own answer
            </Typography>
            {vault.data ? <SourceBadge source={vault.data.source} reason={vault.data.reason} /> : null}
          </Stack>
          {vault.isError && !vault.data ? (
            <Notice severity="error" data-testid="qt-vault-capacity-error">
              {describeQueryError(vault.error).message}
            </Notice>
          ) : !askable ? (
            <Typography variant="body2" color="text.secondary">
              The vault is asked about a collateral of at most $1,000,000,000,000,000 with up to 6 decimals, and a ratio
              of at most 100,000% with up to 2 decimals (whole basis points).
            </Typography>
          ) : vault.data ? (
            <VaultAnswer
              local={figures}
              answer={vault.data}
              stale={
                vault.isPlaceholderData ||
                settled?.collateral !== inputs.collateral.trim() ||
                settled?.ratio !== inputs.ratio.trim()
              }
            />
          ) : (
            <Typography variant="body2" color="text.secondary" role="status">
              Asking the vault…
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            TreasuryVault.capacityAt(collateral, ratio in basis points), a view call: nothing is sent.
          </Typography>
        </Paper>
      ) : null}
    </Stack>
  );
}

function Figures({ figures }: { figures: CapacityFigures }) {
  return (
    <Grid container spacing={2} data-testid="qt-calc-figures">
      <Figure
        testId="qt-calc-capacity"
        title="XQBUSD capacity"
        value={usdFull(figures.capacity)}
        formula="collateral ÷ (ratio ÷ 100)"
      />
      <Figure
        testId="qt-calc-excess"
        title="Excess collateral"
        value={usdFull(figures.excess)}
        formula="collateral − capacity"
      />
      <Figure
        testId="qt-calc-utilization"
        title="Utilization rate"
        value={figures.utilization === null ? "—" : percent(figures.utilization)}
        formula="capacity ÷ collateral × 100"
      />
    </Grid>
  );
}

function Figure({ testId, title, value, formula }: { testId: string; title: string; value: string; formula: string }) {
  return (
    <Grid size={{ xs: 12, sm: 4 }} sx={{ minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: 2, height: "100%" }}>
        <Typography variant="body2" color="text.secondary">
          {title}
        </Typography>
        <Typography variant="h5" component="p" data-testid={testId} sx={{ overflowWrap: "anywhere", fontWeight: 600 }}>
          {value}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formula}
        </Typography>
      </Paper>
    </Grid>
  );
}

function VaultAnswer({ local, answer, stale }: { local: CapacityFigures; answer: QtCapacityResponse; stale: boolean }) {
  const vaultCapacity = answer.vaultCapacity;
  if (vaultCapacity === null) {
    return (
      <Typography variant="body2" data-testid="qt-vault-capacity-value">
        The vault could not answer{answer.reason ? `: ${answer.reason}` : "."}
      </Typography>
    );
  }
  // Checked here against the browser's own figure, not only the API's `agree`: the point is that the
  // page's formula and the contract's integer arithmetic give the same capacity.
  const agree = capacitiesAgree(local.capacity, Number(vaultCapacity));
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, opacity: stale ? 0.6 : 1 }}>
      <Typography variant="body1" data-testid="qt-vault-capacity-value" sx={{ fontWeight: 600 }}>
        {usdFull(vaultCapacity)}
      </Typography>
      {stale ? (
        <Pill size="small" variant="outlined" label="Checking…" />
      ) : (
        <Pill
          size="small"
          data-testid="qt-agree-badge"
          data-agree={agree}
          color={agree ? "success" : "error"}
          label={agree ? "Agrees with the calculator" : `Differs from the calculator (${usdFull(local.capacity)})`}
        />
      )}
    </Box>
  );
}
