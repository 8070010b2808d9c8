import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { LocalChainTime } from "../../../components/local-chain-time";
import { PageShell } from "../../../components/page-shell";
import { useWalletAccount } from "../../../components/wallet/wallet-account";
import { CROWDFUNDING_NO_SATELLITE, CROWDFUNDING_REWARDS, crowdfundingScoreRule } from "../constants";
import { ProjectsGrid } from "./projects-grid";
import { StatsBar } from "./stats-bar";

// Creating a campaign signs with the wallet (wagmi, the transaction flow): after the first paint.
const CreateProjectCard = lazyPart(() => import("./create-project-card").then((m) => m.CreateProjectCard), {
  wallet: true,
  name: "Create Project",
  fallback: <PartLoading minHeight={160} />,
});

const SignInBar = lazyPart(() => import("./sign-in-bar").then((m) => m.SignInBar), {
  wallet: true,
  name: "Sign in",
  fallback: null,
});

const INFO = [
  {
    id: "fund",
    title: "Fund projects",
    text: `“Fund $50” approves and contributes 50 mock USDC from your wallet to the project's campaign contract (the faucet gives USDC). The campaign pays the beneficiary only once its goal is met; a missed goal lets every contributor take their USDC back. You earn ${CROWDFUNDING_REWARDS.vibePerFundingStep} VIBE per $50.`,
  },
  {
    id: "verify",
    title: "Verification",
    text: `${CROWDFUNDING_NO_SATELLITE} A verifier earns ${CROWDFUNDING_REWARDS.vibePerVerification} VIBE per verification; a revoked attestation no longer counts.`,
  },
  {
    id: "score",
    title: "Score and level",
    text: `Your VIBE balance is read from VibeCoin on chain. ${crowdfundingScoreRule}.`,
  },
] as const;

export function CrowdfundingPage() {
  const { address, chainId } = useWalletAccount();
  return (
    <PageShell
      testId="crowdfunding-page"
      title="Global Ecosystem"
      subtitle="Environmental projects, each with its own campaign contract on chain: fund them in USDC, see who attested to them, earn VIBE for both."
    >
      <StatsBar wallet={address} />
      <Box
        component="section"
        aria-label="How it works"
        sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" } }}
      >
        {INFO.map((c) => (
          <Paper key={c.id} variant="outlined" sx={{ p: 2 }} data-testid={`info-${c.id}`}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {c.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {c.text}
            </Typography>
          </Paper>
        ))}
      </Box>
      <SignInBar wallet={address} chainId={chainId} />
      <ProjectsGrid wallet={address} />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minHeight: 160 }}>
        <CreateProjectCard wallet={address} />
      </Paper>
      {/* Deadlines are chain time: on the local chain, moving it lets a campaign miss its goal (then refunds open). */}
      <LocalChainTime />
    </PageShell>
  );
}
