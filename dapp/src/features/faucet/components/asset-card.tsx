import { useCallback, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { Notice } from "../../../components/notice";
import { notify } from "../../../components/toast";
import { describeError } from "../../../lib/api-client";
import type { FaucetAssetStatus, FaucetClaimResponse } from "../api/contract";
import { budgetRefusal, nextClaimFromRefusal, useClaim } from "../api/claim";
import { formatUnitsText } from "../utils/format";
import { Countdown } from "./countdown";

// The hash (copy button, explorer link, badge) shows only after a claim: its code loads then.
const ClaimResult = lazyPart(() => import("./claim-result").then((m) => m.ClaimResult), {
  name: "The claim's transaction",
  fallback: <PartLoading minHeight={48} label="Loading the transaction" />,
});

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });

function Row({ label, value, testId }: { label: string; value: React.ReactNode; testId: string }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "space-between", columnGap: 2, flexWrap: "wrap" }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="body2"
        data-testid={testId}
        sx={{ fontVariantNumeric: "tabular-nums", overflowWrap: "anywhere" }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/**
 * One asset of the faucet: what a claim gives, the faucet's balance (read from the chain), the wallet's own
 * balance, the Claim button, and after a claim (or an early one's 429) the hash and the next claim time
 * with a live countdown.
 */
export function AssetCard({ status, signedIn }: { status: FaucetAssetStatus; signedIn: boolean }) {
  const { asset } = status;
  const [result, setResult] = useState<FaucetClaimResponse | null>(null);
  const [refusedUntil, setRefusedUntil] = useState<string | null>(null);
  const [windowOver, setWindowOver] = useState(false);
  const claim = useClaim(asset, {
    onSuccess: (r) => {
      setResult(r);
      setRefusedUntil(null);
      setWindowOver(false);
      notify({
        variant: "success",
        title: `${formatUnitsText(r.amount)} ${asset} sent`,
        description: `Transaction ${r.transactionHash} in block ${r.blockNumber ?? "(not mined yet)"}`,
      });
    },
    onError: (e) => {
      const next = nextClaimFromRefusal(e);
      const overBudget = budgetRefusal(e);
      if (overBudget) {
        notify({
          variant: "warning",
          title: `Faucet ${overBudget.budget} budget spent`,
          description: overBudget.message,
        });
      } else if (next) {
        setRefusedUntil(next);
        setWindowOver(false);
        notify({
          variant: "warning",
          title: `${asset} already claimed`,
          description: `One claim per wallet every 24 hours: next claim at ${when(next)}`,
        });
      } else {
        notify({ variant: "error", title: `${asset} claim failed`, description: describeError(e) });
      }
    },
  });
  const nextClaimAt = windowOver ? null : (refusedUntil ?? status.nextClaimAt ?? result?.nextClaimAt ?? null);
  const onWindowOver = useCallback(() => setWindowOver(true), []);
  const waiting = nextClaimAt !== null && Date.parse(nextClaimAt) > Date.now();
  const canClaim = status.available && signedIn && !waiting && !claim.isPending;
  const label = claim.isPending ? "Claiming…" : `Claim ${formatUnitsText(status.amount)} ${asset}`;
  const last =
    result ??
    (status.lastClaim?.transactionHash
      ? {
          transactionHash: status.lastClaim.transactionHash,
          blockNumber: status.lastClaim.blockNumber,
          explorerUrl: null,
        }
      : null);

  return (
    <Card variant="outlined" data-testid="faucet-asset-card" data-asset={asset} sx={{ height: "100%" }}>
      <CardContent component={Stack} spacing={1.5} sx={{ "&:last-child": { pb: 2 } }}>
        <Box
          sx={{ display: "flex", alignItems: "baseline", justifyContent: "space-between", gap: 1, flexWrap: "wrap" }}
        >
          <Typography variant="h6" component="h3">
            {asset}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="faucet-amount">
            {formatUnitsText(status.amount)} {asset} per claim
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {status.method}
        </Typography>
        <Stack spacing={0.5}>
          <Row
            label="Faucet balance"
            testId="faucet-balance"
            value={status.faucetBalance !== null ? `${formatUnitsText(status.faucetBalance)} ${asset}` : "—"}
          />
          {status.faucetBalanceNote ? (
            <Typography variant="caption" color="text.secondary" data-testid="faucet-balance-note">
              {status.faucetBalanceNote}
            </Typography>
          ) : null}
          {status.walletBalance !== null ? (
            <Row
              label="Your balance"
              testId="wallet-balance"
              value={`${formatUnitsText(status.walletBalance)} ${asset}`}
            />
          ) : null}
          {/* The global budget, every wallet's claims together: what is left this hour and in these 24 hours. */}
          <Row
            label="Faucet budget left"
            testId="faucet-budget"
            value={`${status.budget.hour.remaining} of ${status.budget.hour.limit} this hour · ${status.budget.day.remaining} of ${status.budget.day.limit} today`}
          />
        </Stack>

        {!status.available && status.reason ? (
          <Notice severity="info" data-testid="faucet-unavailable">
            {status.reason}
            {status.links.length > 0 ? (
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {status.links.map((l) => (
                  <li key={l.url}>
                    <Link href={l.url} target="_blank" rel="noopener noreferrer">
                      {l.name}
                    </Link>
                  </li>
                ))}
              </Box>
            ) : null}
          </Notice>
        ) : null}

        {status.available ? (
          <Button
            variant="contained"
            disabled={!canClaim}
            onClick={() => claim.mutate()}
            data-testid="claim-button"
            aria-busy={claim.isPending}
          >
            {label}
          </Button>
        ) : null}
        {status.available && !signedIn ? (
          <Typography variant="caption" color="text.secondary" data-testid="claim-needs-sign-in">
            Connect a wallet and sign in to claim.
          </Typography>
        ) : null}

        {nextClaimAt && waiting ? (
          <Box data-testid="next-claim" data-next-claim-at={nextClaimAt}>
            <Typography variant="body2">
              Next claim: <strong>{when(nextClaimAt)}</strong>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              in <Countdown until={nextClaimAt} onDone={onWindowOver} testId="next-claim-countdown" />
            </Typography>
          </Box>
        ) : null}

        {last ? (
          <ClaimResult
            fresh={result !== null}
            transactionHash={last.transactionHash}
            blockNumber={last.blockNumber}
            explorerUrl={last.explorerUrl}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
