import { useEffect, useRef } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { formatUnits, isAddressEqual, parseUnits, type Address } from "viem";
import { useReadContract } from "wagmi";
import { writeContract } from "wagmi/actions";
import { CrowdfundingCampaignAbi } from "../../../../../contracts/generated/abis";
import { notify } from "../../../components/toast";
import { TransactionFlowDialog, useTransactionFlow } from "../../../components/transaction-flow";
import { useSession } from "../../../components/session/get-session";
import { deployments } from "../../../lib/contracts";
import { LOCAL_CHAIN_ID } from "../../../lib/local-chain";
import {
  CROWDFUNDING_ATTESTATION_DATA,
  CROWDFUNDING_FUND_AMOUNT,
  CROWDFUNDING_MESSAGES,
  CROWDFUNDING_REWARD_NOTES,
  CROWDFUNDING_USDC_DECIMALS,
} from "../constants";
import type { CrowdfundingProject, FundResponse, ProjectsResponse, VerifyResponse } from "../api/contract";
import { useStats } from "../api/get-stats";
import { crowdfundingMutationKey, crowdfundingQueryKey } from "../api/keys";
import { recordFunding, recordVerification } from "../api/record";

const MAP = deployments[LOCAL_CHAIN_ID];
const FUND_UNITS = parseUnits(String(CROWDFUNDING_FUND_AMOUNT), CROWDFUNDING_USDC_DECIMALS);

/** "Fund $50" and, while the project is not verified, "Verify": each a wallet transaction the API then reads back. */
export function ProjectActions({
  project: p,
  contracts,
  wallet,
}: {
  project: CrowdfundingProject;
  contracts: ProjectsResponse["contracts"];
  wallet: Address | undefined;
}) {
  const queryClient = useQueryClient();
  const session = useSession();
  const stats = useStats(wallet);
  const flow = useTransactionFlow({ mutationKey: crowdfundingMutationKey });
  const running = useRef<"fund" | "verify" | "refund" | "finalize" | null>(null);
  // What this wallet has in the campaign: after a missed goal it may take it back (the campaign's pull refund).
  const contribution = useReadContract({
    address: p.campaign as Address,
    abi: CrowdfundingCampaignAbi,
    functionName: "contributionOf",
    args: [wallet ?? "0x0000000000000000000000000000000000000000"],
    chainId: LOCAL_CHAIN_ID,
    query: { enabled: Boolean(wallet) && p.state === "failed" },
  });
  const signedIn = !!wallet && !!session.data && isAddressEqual(session.data.address as Address, wallet);

  // The spec's failure toasts, once per failed flow (the dialog says why in words).
  const phase = flow.state.phase;
  useEffect(() => {
    if (phase !== "failed" || (running.current !== "fund" && running.current !== "verify")) return;
    notify({
      variant: "error",
      ...(running.current === "fund" ? CROWDFUNDING_MESSAGES.fundingFailed : CROWDFUNDING_MESSAGES.verificationFailed),
    });
  }, [phase]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: crowdfundingQueryKey });
  const open = p.state === "open" || p.state === "succeeded";

  const fund = () => {
    if (!contracts) return;
    running.current = "fund";
    flow.start<FundResponse>({
      title: `Fund ${p.title}`,
      chainId: LOCAL_CHAIN_ID,
      contract: "MockUSDC",
      preview: [
        { label: "Contribute", value: `${CROWDFUNDING_FUND_AMOUNT} USDC` },
        { label: "To campaign", value: p.campaign },
        {
          label: "Raised after",
          value: `${Number(p.currentFunding) + CROWDFUNDING_FUND_AMOUNT} of ${p.fundingGoal} USDC`,
        },
      ],
      steps: [
        {
          id: "approve",
          label: `Allow the campaign ${CROWDFUNDING_FUND_AMOUNT} USDC`,
          send: ({ config, chainId: c }) =>
            writeContract(config, {
              address: contracts.usdc as Address,
              abi: MAP.MockUSDC.abi,
              functionName: "approve",
              args: [p.campaign as Address, FUND_UNITS],
              chainId: c,
            }),
        },
        {
          id: "contribute",
          label: `Contribute ${CROWDFUNDING_FUND_AMOUNT} USDC`,
          send: ({ config, chainId: c }) =>
            writeContract(config, {
              address: p.campaign as Address,
              abi: CrowdfundingCampaignAbi,
              functionName: "contribute",
              args: [FUND_UNITS],
              chainId: c,
            }),
        },
      ],
      afterConfirmedLabel: "Reading the contribution back and minting your VIBE…",
      afterConfirmed: (receipt) => recordFunding(p.id, receipt.transactionHash),
      onSuccess: (r) => {
        running.current = null;
        if (r) notify({ variant: "success", ...CROWDFUNDING_MESSAGES.funded(r.rewards) });
        void refresh();
      },
    });
  };

  const verify = () => {
    if (!contracts) return;
    running.current = "verify";
    flow.start<VerifyResponse>({
      title: `Attest to ${p.title}`,
      chainId: LOCAL_CHAIN_ID,
      contract: "AttestationRegistry",
      preview: [
        { label: "Attest", value: `“${CROWDFUNDING_ATTESTATION_DATA}”` },
        { label: "About campaign", value: p.campaign },
        { label: "Signed by", value: wallet ?? "" },
      ],
      steps: [
        {
          id: "attest",
          label: "Sign the attestation",
          send: ({ config, chainId: c }) =>
            writeContract(config, {
              address: contracts.registry as Address,
              abi: MAP.AttestationRegistry.abi,
              functionName: "attest",
              args: [p.campaign as Address, CROWDFUNDING_ATTESTATION_DATA],
              chainId: c,
            }),
        },
      ],
      afterConfirmedLabel: "Reading the attestation back and minting your VIBE…",
      afterConfirmed: (receipt) => recordVerification(p.id, receipt.transactionHash),
      onSuccess: (r) => {
        running.current = null;
        if (r) notify({ variant: "success", ...CROWDFUNDING_MESSAGES.verified(r.rewards) });
        void refresh();
      },
    });
  };

  const refund = () => {
    running.current = "refund";
    flow.start({
      title: `Take back your USDC from ${p.title}`,
      chainId: LOCAL_CHAIN_ID,
      contract: "MockUSDC",
      preview: [
        { label: "Refund", value: `${formatUnits(contribution.data ?? 0n, CROWDFUNDING_USDC_DECIMALS)} USDC` },
        { label: "Why", value: "the deadline passed without the goal" },
      ],
      steps: [
        {
          id: "refund",
          label: "Refund my contribution",
          send: ({ config, chainId: c }) =>
            writeContract(config, {
              address: p.campaign as Address,
              abi: CrowdfundingCampaignAbi,
              functionName: "refund",
              chainId: c,
            }),
        },
      ],
      onSuccess: () => {
        running.current = null;
        notify({ variant: "success", title: "Refunded", description: "Your USDC is back in your wallet" });
        void contribution.refetch();
        void refresh();
      },
    });
  };

  // Once the goal is met anyone may pay the campaign out to its beneficiary (the contract's finalize, once).
  const finalize = () => {
    running.current = "finalize";
    flow.start({
      title: `Pay out ${p.title}`,
      chainId: LOCAL_CHAIN_ID,
      contract: "MockUSDC",
      preview: [
        { label: "Pay", value: `${p.currentFunding} USDC` },
        { label: "To the beneficiary", value: p.beneficiary ?? "" },
      ],
      steps: [
        {
          id: "finalize",
          label: "Pay out the campaign",
          send: ({ config, chainId: c }) =>
            writeContract(config, {
              address: p.campaign as Address,
              abi: CrowdfundingCampaignAbi,
              functionName: "finalize",
              chainId: c,
            }),
        },
      ],
      onSuccess: () => {
        running.current = null;
        notify({
          variant: "success",
          title: "Paid out",
          description: `${p.currentFunding} USDC went to the beneficiary`,
        });
        void refresh();
      },
    });
  };

  if (p.state === "failed" && wallet) {
    const mine = contribution.data ?? 0n;
    return (
      <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5 }}>
        <Typography variant="caption" color="text.secondary" data-testid="project-contribution">
          The goal was missed. Your contribution: {formatUnits(mine, CROWDFUNDING_USDC_DECIMALS)} USDC.
        </Typography>
        {mine > 0n ? (
          <Box>
            <Button variant="outlined" size="small" data-testid="refund-button" disabled={flow.busy} onClick={refund}>
              Refund
            </Button>
          </Box>
        ) : null}
        <TransactionFlowDialog flow={flow} />
      </Box>
    );
  }

  if (!wallet) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="project-no-wallet">
        Connect a wallet to fund or verify.
      </Typography>
    );
  }
  if (!signedIn) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="project-sign-in-first">
        Sign in (above the projects) to fund or verify.
      </Typography>
    );
  }
  const verifierNote =
    stats.data?.isVerifier === false
      ? "Only an allow-listed verifier account can attest; this wallet is not one."
      : null;
  // Where this wallet's action would earn no VIBE, said before it acts (the API's rule: once per wallet and project).
  const rewardNote = isAddressEqual(p.creator as Address, wallet)
    ? CROWDFUNDING_REWARD_NOTES.ownCampaign
    : stats.data?.rewardedProjects.funding.includes(p.id)
      ? CROWDFUNDING_REWARD_NOTES.funded
      : null;
  const verifiedNote =
    !p.satelliteVerified && stats.data?.rewardedProjects.verification.includes(p.id)
      ? CROWDFUNDING_REWARD_NOTES.verified
      : null;
  const busy = flow.busy || !contracts;
  // The captions under the buttons; ids for the ones a disabled button points at (aria-describedby).
  const notes = [
    { id: `closed-${p.id}`, testId: "closed-note", text: open ? null : "The campaign takes no more contributions." },
    { id: undefined, testId: "reward-note", text: open ? rewardNote : null },
    { id: undefined, testId: "verified-reward-note", text: verifiedNote },
    { id: `verifier-${p.id}`, testId: "verifier-note", text: p.satelliteVerified ? null : verifierNote },
  ];
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
        <Button
          variant="contained"
          size="small"
          data-testid="fund-button"
          disabled={busy || !open}
          aria-describedby={!open ? `closed-${p.id}` : undefined}
          onClick={fund}
        >
          Fund ${CROWDFUNDING_FUND_AMOUNT}
        </Button>
        {p.state === "succeeded" ? (
          <Button variant="outlined" size="small" data-testid="finalize-button" disabled={busy} onClick={finalize}>
            Pay out
          </Button>
        ) : null}
        {!p.satelliteVerified ? (
          <Button
            variant="outlined"
            size="small"
            data-testid="verify-button"
            disabled={busy || !!verifierNote || !stats.data}
            aria-describedby={verifierNote ? `verifier-${p.id}` : undefined}
            onClick={verify}
          >
            Verify
          </Button>
        ) : null}
      </Box>
      {notes.map((n) =>
        n.text ? (
          <Typography key={n.testId} id={n.id} variant="caption" color="text.secondary" data-testid={n.testId}>
            {n.text}
          </Typography>
        ) : null,
      )}
      <TransactionFlowDialog flow={flow} />
    </Box>
  );
}
