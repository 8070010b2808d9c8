import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import Box from "@mui/material/Box";
import { lazyPart } from "../../../components/lazy-part";
import { PageShell } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { ONBOARDING_STEPS } from "../constants";
import { StepRow } from "./step-row";

/** The seven steps with their rules while the wallet code loads: nothing is claimed done before it is read. */
function ChecklistLoading() {
  return (
    <Box component="ol" sx={{ p: 0, m: 0 }} data-testid="onboarding-steps-loading" role="status" aria-label="Checking">
      {ONBOARDING_STEPS.map((id, index) => (
        <StepRow key={id} step={id} index={index} status="checking" />
      ))}
    </Box>
  );
}

// Everything that reads the wallet (wagmi, viem) loads after the first paint, in its own place.
const Checklist = lazyPart(() => import("./checklist").then((m) => m.Checklist), {
  wallet: true,
  name: "Onboarding checklist",
  fallback: <ChecklistLoading />,
});

/** /authentic-user-onboarding: a checklist that checks, from the wallet found to the first stake. */
export function OnboardingPage() {
  return (
    <PageShell
      testId="onboarding-page"
      title={paths.authenticUserOnboarding.title}
      subtitle="From a wallet to your first stake on the local chain, in seven steps. Each step is done only when its evidence is read: your browser reports what only it can see, the server checks the rest on the chain, the faucet's records and the event index. Your progress is kept per wallet and survives a reload."
    >
      <Stack spacing={1}>
        <Typography variant="body2" color="text.secondary">
          Anyone may read a wallet&apos;s progress by its address: it holds only what is public already (the
          chain&apos;s events, the faucet&apos;s transactions) and what the wallet announces to every page (its name).
          Only the signed-in wallet records its own steps.
        </Typography>
        <Checklist />
      </Stack>
    </PageShell>
  );
}
