import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { CopyButton } from "../../../components/copy-button";
import { SecretReveal } from "../../../components/secret-reveal";
import { notify } from "../../../components/toast";
import { generateXrplWallet, importXrplSeed, useXrplWallet } from "../../../lib/xrpl/xrpl-wallet";

/**
 * Generate or import the user's XRPL wallet. The seed stays in this tab's memory (lib/xrpl/xrpl-wallet.ts):
 * it is shown once after generating, for the user to keep, and never sent anywhere.
 */
export function WalletPanel() {
  const wallet = useXrplWallet();
  const [seed, setSeed] = useState("");
  const [seedError, setSeedError] = useState<string | null>(null);
  const [shownSeed, setShownSeed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const generate = async () => {
    setBusy(true);
    try {
      const w = await generateXrplWallet();
      setShownSeed(w.seed);
      notify({
        variant: "success",
        title: "XRPL wallet generated",
        description: "Its seed stays in this page: copy it now to keep it",
      });
    } catch (e) {
      notify({
        variant: "error",
        title: "Could not load the XRPL library",
        description: e instanceof Error ? e.message : String(e),
      });
    } finally {
      setBusy(false);
    }
  };
  const importSeed = async () => {
    setBusy(true);
    try {
      const r = await importXrplSeed(seed);
      if (!r.ok) return setSeedError(r.reason);
      setSeed("");
      setSeedError(null);
      setShownSeed(null);
      notify({ variant: "success", title: "XRPL wallet imported", description: r.address });
    } finally {
      setBusy(false);
    }
  };

  if (wallet.address) {
    return (
      <Stack spacing={1} data-testid="xrpl-wallet" data-kind={wallet.kind ?? ""}>
        <Typography variant="body2" color="text.secondary">
          Your XRPL address ({wallet.kind === "generated" ? "generated in this page" : "imported from your seed"}; the
          seed never leaves this page)
        </Typography>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography data-testid="xrpl-address" sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>
            {wallet.address}
          </Typography>
          <CopyButton value={wallet.address} what="XRPL address" />
        </Box>
        {shownSeed && (
          <SecretReveal
            testId="xrpl-seed-shown"
            title="Save this seed now: it is shown once"
            value={shownSeed}
            what="seed"
            onHide={() => setShownSeed(null)}
          >
            Anyone with it controls the account. It is kept only in this page&apos;s memory: reloading forgets it.
          </SecretReveal>
        )}
        <Box>
          <Button variant="text" onClick={() => (setShownSeed(null), wallet.forget())} data-testid="xrpl-forget-button">
            Forget this wallet
          </Button>
        </Box>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} data-testid="xrpl-wallet-setup">
      <Box>
        <Button variant="contained" onClick={() => void generate()} disabled={busy} data-testid="xrpl-generate-button">
          Generate a new wallet
        </Button>
      </Box>
      <Box
        component="form"
        onSubmit={(e) => (e.preventDefault(), void importSeed())}
        sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}
      >
        <TextField
          label="Or import your seed (s…)"
          type="password"
          autoComplete="off"
          value={seed}
          onChange={(e) => (setSeed(e.target.value), setSeedError(null))}
          error={seedError !== null}
          helperText={seedError ?? "Checked here, kept in this page's memory only: never sent, stored or logged"}
          slotProps={{ htmlInput: { "data-testid": "xrpl-seed-input", spellCheck: false } }}
          sx={{ flex: "1 1 260px" }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={busy || seed.trim() === ""}
          data-testid="xrpl-import-button"
          sx={{ mt: 1 }}
        >
          Import
        </Button>
      </Box>
    </Stack>
  );
}
