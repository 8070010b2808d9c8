import { useEffect, useRef, useState } from "react";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Divider from "@mui/material/Divider";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import { QueryState } from "../../../components/page-shell";
import { SourceBadge } from "../../../components/source-badge";
import { TransactionFlowDialog } from "../../../components/transaction-flow";
import { TxHash } from "../../../components/tx-hash";
import { durationInWords, timeText } from "../../../lib/time";
import type { RealStake, StakeWithdrawal } from "../api/contract";
import { stakesQueryKey, useStakes } from "../api/get-stakes";
import { STAKING_CHAIN_ID, useStakeWrites } from "../hooks/use-stake-writes";
import { ethText } from "../utils/format";
import { Notice } from "../../../components/notice";
import { Pill } from "../../../components/pill";

type Writes = ReturnType<typeof useStakeWrites>;

const Figure = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <Grid size={{ xs: 6, sm: 3 }} sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" data-testid={testId} sx={{ overflowWrap: "anywhere" }}>
      {value}
    </Typography>
  </Grid>
);

/**
 * Seconds left, counting down from the API's chain-time answer by the wall clock since it was read (a
 * chain's next block is stamped by the clock); at zero the stakes are read again for the chain's word.
 */
function useCountdown(seconds: number, readAt: number, onZero: () => void) {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, seconds - Math.floor((now - readAt) / 1000));
  useEffect(() => {
    if (seconds <= 0) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [seconds]);
  // Once per reaching zero (onZero is a fresh closure each render; the latest is called).
  const onZeroRef = useRef(onZero);
  onZeroRef.current = onZero;
  const reachedZero = seconds > 0 && left === 0;
  useEffect(() => {
    if (reachedZero) onZeroRef.current();
  }, [reachedZero]);
  return left;
}

function WithdrawalRow({
  stake,
  w,
  wallet,
  readAt,
  writes,
}: {
  stake: RealStake;
  w: StakeWithdrawal;
  wallet: Address;
  readAt: number;
  writes: Writes;
}) {
  const queryClient = useQueryClient();
  const left = useCountdown(
    w.secondsUntilClaimable,
    readAt,
    () => void queryClient.invalidateQueries({ queryKey: stakesQueryKey(wallet) }),
  );
  const state = w.claimed ? "claimed" : w.claimable ? "claimable" : "waiting";
  return (
    <Stack spacing={0.5} data-testid="withdrawal" data-request-id={w.requestId} data-state={state}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
        <Typography variant="body2">
          Request #{w.requestId}: {w.shares} {stake.token} → {ethText(w.assets, 8)}
        </Typography>
        <Pill
          size="small"
          label={state}
          color={state === "claimable" ? "success" : "default"}
          data-testid="withdrawal-state"
        />
      </Stack>
      {state === "waiting" ? (
        <Typography variant="caption" color="text.secondary" data-testid="withdrawal-countdown">
          Claimable in {durationInWords(left)} of chain time (at {timeText(w.claimableAt)})
        </Typography>
      ) : null}
      {w.claimTransactionHash ? <TxHash value={w.claimTransactionHash} label="Claim" testId="claim-hash" /> : null}
      {!w.claimed ? (
        <Button
          size="small"
          variant={w.claimable ? "contained" : "outlined"}
          disabled={!w.claimable || writes.flow.busy}
          onClick={() =>
            writes.claim({
              token: stake.token,
              pool: stake.contractAddress as Address,
              requestId: w.requestId,
              wallet,
              preview: [
                { label: "Request", value: `#${w.requestId} on ${stake.token}` },
                { label: "You receive", value: ethText(w.assets, 18), testId: "preview-claim-assets" },
                { label: "Network", value: `Hardhat (${STAKING_CHAIN_ID})` },
              ],
            })
          }
          data-testid="claim-button"
          sx={{ alignSelf: "flex-start" }}
        >
          Claim {ethText(w.assets, 6)}
        </Button>
      ) : null}
    </Stack>
  );
}

function StakeCard({
  stake,
  wallet,
  readAt,
  writes,
}: {
  stake: RealStake;
  wallet: Address;
  readAt: number;
  writes: Writes;
}) {
  const held = Number(stake.sharesHeld) > 0;
  return (
    <Card variant="outlined" data-testid="stake" data-stake-id={stake.id} data-status={stake.status}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "flex-start" }}>
            <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: "anywhere" }}>
              {stake.ethAmount} ETH in {stake.protocol}
            </Typography>
            <Pill
              size="small"
              label={stake.status}
              color={stake.status === "confirmed" ? "primary" : "secondary"}
              data-testid="stake-status"
            />
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {timeText(stake.timestamp, "chain")} · block {stake.blockNumber}
          </Typography>
          {stake.transactionHash ? (
            <TxHash value={stake.transactionHash} testId="stake-hash" />
          ) : (
            <Typography variant="body2">Pending</Typography>
          )}
          <Grid container spacing={1}>
            <Figure label="Shares held" value={`${stake.sharesHeld} of ${stake.shares}`} testId="stake-shares" />
            <Figure label="Current value" value={ethText(stake.currentValue, 8)} testId="stake-value" />
            <Figure label="Rewards earned" value={ethText(stake.rewardsEarned, 8)} testId="stake-rewards" />
            <Figure label="Est. daily rewards" value={ethText(stake.estimatedRewards, 6)} testId="stake-daily" />
          </Grid>
          {held ? (
            <Button
              variant="outlined"
              size="small"
              disabled={writes.flow.busy}
              onClick={() =>
                writes.requestWithdrawal({
                  token: stake.token,
                  pool: stake.contractAddress as Address,
                  shares: stake.sharesHeld,
                  wallet,
                  preview: [
                    { label: "Shares", value: `${stake.sharesHeld} ${stake.token}`, testId: "preview-withdraw-shares" },
                    { label: "Worth now", value: ethText(stake.currentValue, 18) },
                    { label: "Network", value: `Hardhat (${STAKING_CHAIN_ID})` },
                  ],
                })
              }
              data-testid="request-withdrawal-button"
              sx={{ alignSelf: "flex-start" }}
            >
              Request withdrawal
            </Button>
          ) : null}
          {stake.withdrawals.length ? (
            <>
              <Divider />
              {stake.withdrawals.map((w) => (
                <WithdrawalRow key={w.requestId} stake={stake} w={w} wallet={wallet} readAt={readAt} writes={writes} />
              ))}
            </>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** My Test Stakes: the wallet's deposits from the event index, valued now; withdrawals and claims through the wallet. */
export function MyStakesTab({ wallet, onCreate }: { wallet: Address | undefined; onCreate: () => void }) {
  const stakes = useStakes(wallet);
  const writes = useStakeWrites();
  if (!wallet) {
    return (
      <Notice severity="info" data-testid="stakes-no-wallet">
        Connect your wallet to see your test stakes.
      </Notice>
    );
  }
  return (
    <>
      <QueryState
        query={stakes}
        what="your test stakes"
        height={200}
        testId="stakes"
        isEmpty={(d) => d.stakes.length === 0}
        empty={{
          message: "No test stakes yet. Create your first real ETH staking test with a small amount.",
          action: (
            <Button variant="contained" onClick={onCreate} data-testid="stakes-empty-create">
              Create Test Stake
            </Button>
          ),
        }}
      >
        {(data) => (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
              <SourceBadge source={data.source} reason={data.reason} />
              <Typography variant="caption" color="text.secondary">
                From the event index, valued at block {data.asOfBlock}; chain time {timeText(data.chainTime)}
              </Typography>
            </Stack>
            {data.stakes.map((s) => (
              <StakeCard key={s.id} stake={s} wallet={wallet} readAt={stakes.dataUpdatedAt} writes={writes} />
            ))}
          </Stack>
        )}
      </QueryState>
      <TransactionFlowDialog flow={writes.flow} />
    </>
  );
}
