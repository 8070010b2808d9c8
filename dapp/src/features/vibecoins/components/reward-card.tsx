import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isAddressEqual, type Address } from "viem";
import { Notice, NoticeTitle } from "../../../components/notice";
import { SourceBadge } from "../../../components/source-badge";
import { notify } from "../../../components/toast";
import { TxHash } from "../../../components/tx-hash";
import { ApiRequestError, describeError } from "../../../lib/api-client";
import { timeText } from "../../../lib/time";
import { VIBECOINS_MESSAGES, VIBECOINS_REWARD } from "../constants";
import { vibecoinsContract, type VibecoinsRewardResponse } from "../api/contract";
// The app bar's Sign-In with Ethereum control and its session query, reused as they are (slice faucet may
// move the control to components/; then only these two imports change).
import SessionControl from "../../../components/session/session-control";
import { useSession } from "../../../components/session/get-session";
import { AccessNote } from "../../../components/session/access-note";
import { useGate } from "../../../components/session/use-access";
import { claimReward } from "../api/claim-reward";
import { useHistory } from "../api/get-history";
import { vibecoinsMutationKey, vibecoinsQueryKey } from "../api/keys";
import { supplyText } from "./supplies-panel";

/** Earn the VIBE reward: sign in (SIWE), then the server minter mints it to the signed-in wallet. */
export function RewardCard({ wallet, chainId }: { wallet: Address | undefined; chainId: number | undefined }) {
  const queryClient = useQueryClient();
  const session = useSession();
  // The reward is minted for the signed-in wallet only (the contract's access for reward): the API's own word on the session.
  const gate = useGate(vibecoinsContract.reward.access);
  const history = useHistory(wallet);
  const [result, setResult] = useState<VibecoinsRewardResponse | null>(null);
  // A refusal for being early carries the next reward's time (details.nextRewardAt): the button waits for it.
  const [refusedUntil, setRefusedUntil] = useState<string | null>(null);
  const signedIn = !!wallet && !!session.data && isAddressEqual(session.data.address as Address, wallet);
  const reward = useMutation({
    mutationKey: [...vibecoinsMutationKey, "reward"],
    mutationFn: claimReward,
    onSuccess: (r) => {
      setResult(r);
      notify({ variant: r.source === "live" ? "success" : "simulated", ...VIBECOINS_MESSAGES.rewardMinted(r.amount) });
    },
    onError: (err) => {
      const next = err instanceof ApiRequestError ? err.body?.details?.nextRewardAt : undefined;
      if (next) setRefusedUntil(next);
      notify({
        variant: next ? "warning" : "error",
        title: next ? VIBECOINS_MESSAGES.rewardTooEarly.title : "Reward failed",
        description: next
          ? `${VIBECOINS_MESSAGES.rewardTooEarly.description}: the next from ${timeText(next)}`
          : describeError(err),
      });
    },
    // The supplies, the history and the wallet's token balances (the burn form's wagmi reads) all moved.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vibecoinsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ["readContract"] }),
      ]),
  });
  const nextAt = latest(refusedUntil, result?.nextRewardAt ?? null, history.data?.nextRewardAt ?? null);
  const early = nextAt !== null && Date.parse(nextAt) > Date.now();

  return (
    <Box component="section" aria-labelledby="reward-heading" data-testid="reward-card">
      <Typography id="reward-heading" variant="h6" component="h2">
        Earn a VIBE reward
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        The server minter (VibeCoin&apos;s MINTER_ROLE) mints {VIBECOINS_REWARD.amount} VIBE to the wallet you signed in
        with, once per hour per wallet.
      </Typography>
      {!wallet ? (
        <Typography variant="body2" data-testid="reward-no-wallet">
          Connect a wallet first.
        </Typography>
      ) : !signedIn ? (
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5 }}>
          <Typography variant="body2">{VIBECOINS_MESSAGES.signInFirst}</Typography>
          <Box sx={{ color: "primary.main" }}>
            <SessionControl address={wallet} chainId={chainId} />
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5 }}>
          <Button
            variant="contained"
            data-testid="reward-button"
            disabled={reward.isPending || !gate.allowed || early}
            aria-describedby={
              [gate.note ? "reward-access" : "", early ? "reward-next" : ""].join(" ").trim() || undefined
            }
            onClick={() => reward.mutate()}
          >
            {reward.isPending ? "Minting…" : `Earn ${VIBECOINS_REWARD.amount} VIBE`}
          </Button>
          {early ? (
            <Typography id="reward-next" variant="body2" color="text.secondary" data-testid="reward-next">
              Next reward from {timeText(nextAt!)}
            </Typography>
          ) : null}
          <AccessNote gate={gate} id="reward-access" />
        </Box>
      )}
      {result ? (
        <Notice
          severity={result.source === "live" ? "success" : "warning"}
          sx={{ mt: 1.5 }}
          data-testid="reward-result"
        >
          <NoticeTitle>
            {result.amount} VIBE minted <SourceBadge source={result.source} reason={result.reason} />
          </NoticeTitle>
          <Typography variant="body2" data-testid="reward-supply">
            VIBE supply {supplyText(result.supplyBefore)} → {supplyText(result.supplyAfter)}
            {result.blockNumber ? ` (block ${result.blockNumber})` : ""}
          </Typography>
          <TxHash value={result.transactionHash} explorerUrl={result.explorerUrl} testId="reward-hash" />
        </Notice>
      ) : null}
    </Box>
  );
}

/** The latest of the times known (ISO), or null. */
function latest(...times: (string | null)[]): string | null {
  const known = times.filter((t): t is string => t !== null);
  return known.length ? known.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a)) : null;
}
