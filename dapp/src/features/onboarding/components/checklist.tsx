// The seven steps as this browser and the API see them (a wallet part: wagmi loads with it). Steps 1-3 come from the
// browser's own reads; once the connected wallet is signed in, the checklist sends them with every check, so the API
// records them with steps 4-7, which it reads itself. A signed-out wallet's progress is read, never written.
import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useSession } from "../../../components/session/get-session";
import { LoadError } from "../../../components/load-error";
import { Notice } from "../../../components/notice";
import { paths } from "../../../config/paths";
import { useNetwork } from "../../../lib/network/get-network";
import { timeText } from "../../../lib/time";
import { ONBOARDING_STEPS, type OnboardingStep } from "../constants";
import type { OnboardingCheckRequest, OnboardingStepState } from "../api/contract";
import { useOnboardingProgress } from "../api/get-progress";
import { evidenceText } from "./evidence-text";
import { ConnectAction, FaucetAction, FindWalletAction, GoToAction, NetworkAction, SignInAction } from "./step-actions";
import { StepRow, type StepStatus } from "./step-row";
import { useBrowserFacts } from "./use-browser-facts";

const SEEN_NOW = "seen now in this browser; recorded once you are signed in";

export function Checklist() {
  const network = useNetwork();
  const facts = useBrowserFacts();
  const session = useSession();
  const apiChainId = network.data?.chainId;
  const address = facts.address;
  const signedIn =
    !!address &&
    !!session.data &&
    session.data.address.toLowerCase() === address.toLowerCase() &&
    Date.parse(session.data.expiresAt) > Date.now();
  const onChain = apiChainId !== undefined && facts.walletChainId === apiChainId;

  const report: OnboardingCheckRequest | null = signedIn
    ? {
        ...(facts.wallet ? { wallet: facts.wallet } : {}),
        ...(onChain ? { network: { chainId: apiChainId } } : {}),
        ...(onChain && address ? { connected: { address, chainId: apiChainId } } : {}),
      }
    : null;
  const progress = useOnboardingProgress(address, report ? { facts: report } : null);
  const server = progress.data?.address.toLowerCase() === address?.toLowerCase() ? progress.data : undefined;
  const stateOf = (id: OnboardingStep): OnboardingStepState | undefined => server?.steps.find((s) => s.id === id);

  // What this browser sees now, for steps the API has not recorded (yet).
  const seenNow: Record<OnboardingStep, string | null> = {
    wallet: facts.wallet ? `${facts.wallet.name} (${facts.wallet.discovery}): ${SEEN_NOW}` : null,
    network: onChain ? `The wallet reports chain ${facts.walletChainId}: ${SEEN_NOW}` : null,
    connected: address ? `Account ${address}: ${SEEN_NOW}` : null,
    signed_in: signedIn ? `Signed in as ${session.data!.address}` : null,
    funded: null,
    first_mint: null,
    first_stake: null,
  };

  let current: OnboardingStep | null = null;
  const rows = ONBOARDING_STEPS.map((id, index) => {
    const state = stateOf(id);
    let evidence: ReactNode = null;
    if (state?.evidence) {
      evidence = (
        <>
          {evidenceText(state.evidence)}
          {state.recorded && state.completedAt ? ` · recorded ${timeText(state.completedAt)}` : " · found now"}
          {state.onCurrentChain === false ? " · on an earlier run of the local chain" : ""}
        </>
      );
    } else if (seenNow[id]) evidence = seenNow[id];
    let status: StepStatus = evidence ? "done" : "waiting";
    if (!evidence && current === null) {
      current = id;
      status =
        address && (id === "funded" || id === "first_mint" || id === "first_stake") && !server ? "checking" : "current";
    }
    return { id, index, status, evidence };
  });

  const actionFor = (id: OnboardingStep): ReactNode => {
    const rpcUrl = network.data?.rpcUrl ?? null;
    switch (id) {
      case "wallet":
        return <FindWalletAction burnerOffered={Boolean(rpcUrl)} />;
      case "network":
        return facts.connector && apiChainId !== undefined ? (
          <NetworkAction connector={facts.connector} chainId={apiChainId} rpcUrl={rpcUrl} onDone={facts.refreshChain} />
        ) : null;
      case "connected":
        return facts.connector ? <ConnectAction connector={facts.connector} /> : null;
      case "signed_in":
        return address && apiChainId !== undefined ? <SignInAction address={address} chainId={apiChainId} /> : null;
      case "funded":
        return <FaucetAction signedIn={signedIn} />;
      case "first_mint":
        return <GoToAction to={paths.multiBlockchainMinting.path} label="Mint on the minting page" />;
      case "first_stake":
        return <GoToAction to={paths.realEthStakingTest.path} label="Stake on the staking page" />;
    }
  };

  return (
    <Box>
      {progress.error ? (
        <LoadError what="your onboarding progress" error={progress.error} testId="onboarding-load-error" />
      ) : null}
      {server && !server.chain.live ? (
        <Notice severity="warning" data-testid="onboarding-chain-down">
          {server.chain.reason ?? "The chain did not answer"}: steps 5-7 could not be checked now.
        </Notice>
      ) : null}
      {!address ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Steps 4-7 are checked by the server for a connected wallet.
        </Typography>
      ) : null}
      <Box component="ol" sx={{ p: 0, m: 0 }} data-testid="onboarding-steps" data-current={current ?? "none"}>
        {rows.map((r) => (
          <StepRow key={r.id} step={r.id} index={r.index} status={r.status} evidence={r.evidence}>
            {r.status === "current" ? actionFor(r.id) : null}
          </StepRow>
        ))}
      </Box>
      {current === null ? (
        <Notice severity="success" data-testid="onboarding-complete" sx={{ mt: 2 }}>
          All seven steps are done for {address}.
        </Notice>
      ) : null}
    </Box>
  );
}
