import { useState } from "react";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { Address } from "viem";
import { QueryState } from "../../../components/page-shell";
import { SourceBadge } from "../../../components/source-badge";
import type { StakingPoolName, StakingRecommendation } from "../api/contract";
import { STAKING_POOLS } from "../constants";
import { stakeEthAmountText } from "../schemas";
import { usePractice, type PracticeInput } from "../api/get-practice";
import { DryRunView } from "./dry-run-view";

const RECOMMENDATIONS = [
  { key: "smallest_test", title: "Smallest test" },
  { key: "most_decentralized", title: "Most decentralized" },
  { key: "highest_yield", title: "Highest yield" },
] as const;

/** When no active pool qualifies, say why instead of a made-up figure. */
const FALLBACK = {
  smallest_test: "No active pool to test right now (every pool is paused).",
  most_decentralized: "Not known yet: the event index has not counted the pools' holders.",
  highest_yield: "No active pool to compare right now.",
} as const;

function Recommendation({
  id,
  title,
  rec,
}: {
  id: keyof typeof FALLBACK;
  title: string;
  rec: StakingRecommendation | null;
}) {
  return (
    <Grid size={{ xs: 12, md: 4 }} sx={{ minWidth: 0 }}>
      <Card variant="outlined" data-testid={`recommendation-${id}`} sx={{ height: "100%" }}>
        <CardContent>
          <Typography variant="overline" color="text.secondary" component="h4">
            {title}
          </Typography>
          <Typography variant="subtitle2">{rec ? `${rec.name} (${rec.token})` : "—"}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
            {rec ? rec.text : FALLBACK[id]}
          </Typography>
        </CardContent>
      </Card>
    </Grid>
  );
}

/**
 * Practice Mode: what it is for and why, the recommendations, and a real dry run of depositEth (eth_call and
 * the gas estimate from the wallet, or the API's account without one): shares out, gas, or the refusal.
 */
export function PracticeTab({ wallet }: { wallet: Address | undefined }) {
  const [protocol, setProtocol] = useState<StakingPoolName | "">("");
  const [amount, setAmount] = useState("");
  const [asked, setAsked] = useState<PracticeInput>({});
  const practice = usePractice({ ...asked, wallet });
  const amountCheck = amount.trim() === "" ? null : stakeEthAmountText.safeParse(amount);
  const run = () =>
    setAsked({ protocol: protocol || undefined, ethAmount: amountCheck?.success ? amountCheck.data : undefined });

  return (
    <QueryState query={practice} what="practice mode" height={360} testId="practice">
      {(data) => (
        <Stack spacing={2} data-testid="practice">
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
            <Typography variant="h6" component="h3">
              Purpose
            </Typography>
            <SourceBadge source={data.source} reason={data.reason} />
          </Stack>
          <Typography variant="body2" data-testid="practice-purpose">
            {data.practiceInfo.purpose}
          </Typography>
          <Typography variant="h6" component="h3">
            Benefits
          </Typography>
          <Stack component="ul" spacing={0.5} sx={{ pl: 2.5, m: 0 }} data-testid="practice-benefits">
            {data.practiceInfo.benefits.map((b) => (
              <Typography component="li" variant="body2" key={b}>
                {b}
              </Typography>
            ))}
          </Stack>
          <Typography variant="h6" component="h3">
            Recommendations
          </Typography>
          <Grid container spacing={2}>
            {RECOMMENDATIONS.map((r) => (
              <Recommendation key={r.key} id={r.key} title={r.title} rec={data.recommendations[r.key]} />
            ))}
          </Grid>
          <Typography variant="h6" component="h3">
            Dry run
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
            <TextField
              select
              size="small"
              label="Protocol"
              value={protocol}
              onChange={(e) => setProtocol(e.target.value as StakingPoolName)}
              sx={{ minWidth: 160 }}
              slotProps={{ select: { SelectDisplayProps: { "data-testid": "practice-protocol" } as object } }}
            >
              <MenuItem value="">Smallest test (default)</MenuItem>
              {STAKING_POOLS.map((p) => (
                <MenuItem key={p} value={p}>
                  {p}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label="ETH amount"
              type="number"
              placeholder="0.01"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={amountCheck !== null && !amountCheck.success}
              helperText={
                amountCheck && !amountCheck.success
                  ? amountCheck.error.issues[0]?.message
                  : "empty: 0.01 ETH or the pool's minimum"
              }
              slotProps={{ htmlInput: { step: 0.001, min: 0, "data-testid": "practice-amount" } }}
            />
            <Button
              variant="outlined"
              onClick={run}
              disabled={(amountCheck !== null && !amountCheck.success) || practice.isFetching}
              data-testid="practice-run"
              sx={{ mt: { sm: 0.5 } }}
            >
              {practice.isFetching ? "Running…" : "Run dry run"}
            </Button>
          </Stack>
          <DryRunView dry={data.dryRun} testId="practice-dry-run" />
          <Typography variant="caption" color="text.secondary">
            {data.dryRun.protocol}, {data.dryRun.ethAmount} ETH, at block {data.asOfBlock}.
          </Typography>
        </Stack>
      )}
    </QueryState>
  );
}
