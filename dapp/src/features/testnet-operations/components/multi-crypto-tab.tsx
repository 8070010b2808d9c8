import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { ActionButton } from "../../../components/form/action-button";
import { Notice } from "../../../components/notice";
import { useGate } from "../../../components/session/use-access";
import { MULTI_CRYPTO_AMOUNT } from "../constants";
import { latestOf } from "../utils/runs-store";
import { TEST_ACCESS } from "../utils/test-kinds";
import { CoinCheckboxes } from "./coin-checkboxes";
import { MultiCryptoResult } from "./multi-crypto-result";
import { Algorithms, NetworksTable } from "./networks-table";
import { useRunTest, useRuns, useTestInputs } from "./runs-context";
import { SupportedAssetsTable } from "./supported-assets-table";
import { VibePanel } from "./vibe-panel";

function Section({ id, title, intro, children }: { id: string; title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      {children}
    </Box>
  );
}

function MultiCryptoTest() {
  const [inputs, setInputs] = useTestInputs();
  const { entries, running } = useRuns();
  const run = useRunTest();
  const gate = useGate(TEST_ACCESS.multiCrypto);
  const latest = latestOf(entries, "multiCrypto");
  const chosen = inputs.selectedCryptos;
  return (
    <Stack spacing={2}>
      <CoinCheckboxes value={chosen} onChange={(selectedCryptos) => setInputs({ selectedCryptos })} />
      <ActionButton
        label="Run Multi-Crypto Test"
        pendingLabel="Testing…"
        pending={running.has("multiCrypto")}
        busy={false}
        reason={chosen.length ? null : "Choose at least one coin"}
        gate={gate}
        testId="multi-run-button"
        onClick={() => void run("multiCrypto", { selectedCryptos: chosen })}
      />
      {latest?.error ? <Notice severity="error">Test failed: {latest.error}</Notice> : null}
      {latest?.answer ? <MultiCryptoResult answer={latest.answer} /> : null}
    </Stack>
  );
}

/** Multi-Crypto: the coin test, the supported assets, VibeCoins and what runs here, each at its real level. */
export function MultiCryptoTab() {
  const { entries, running } = useRuns();
  const assets = latestOf(entries, "assets");
  const operations = latestOf(entries, "realOperations");
  const run = useRunTest();
  return (
    <Stack spacing={4}>
      <Section
        id="multi-crypto-heading"
        title="Multi-crypto test"
        intro={`The coin layer's test transaction for each chosen coin (${MULTI_CRYPTO_AMOUNT} of each, from our test account to our recipient), each at its real level: Live where a ledger we reach executes it, Signed offline where it is signed with the coin's own library and never broadcast.`}
      >
        <MultiCryptoTest />
      </Section>
      <Section
        id="assets-heading"
        title="Supported assets"
        intro="Every coin by symbol with its level here and why: Load Supported Assets (above) reads them."
      >
        {assets?.error ? <Notice severity="error">Supported Assets Failed: {assets.error}</Notice> : null}
        {assets?.answer ? <SupportedAssetsTable answer={assets.answer} /> : null}
      </Section>
      <Section
        id="vibe-heading"
        title="VibeCoins"
        intro="The staking pools read from the chain, and the test mint of 1,000 VIBE."
      >
        <VibePanel />
      </Section>
      <Section
        id="operations-heading"
        title="Real operations"
        intro="The testnets this product transacts on, at which level now, and the algorithms it runs."
      >
        <Stack spacing={2}>
          <ActionButton
            label="Load Real Operations"
            pendingLabel="Loading…"
            pending={running.has("realOperations")}
            busy={false}
            reason={null}
            testId="operations-button"
            onClick={() => void run("realOperations", undefined)}
          />
          {operations?.error ? <Notice severity="error">Real Operations Failed: {operations.error}</Notice> : null}
          {operations?.answer ? (
            <>
              <NetworksTable answer={operations.answer} />
              <Algorithms answer={operations.answer} />
            </>
          ) : null}
        </Stack>
      </Section>
    </Stack>
  );
}
