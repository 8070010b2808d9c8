import { useState } from "react";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { formatNumber } from "../../../lib/format";
import { useMintStellar } from "../api/mint-stellar";
import { useMintBusy } from "../hooks/use-mint-busy";
import { parseAmount } from "../utils/amount";
import { toastMintFailed, toastStellarMinted } from "../utils/mint-toasts";
import { VIBE_PER_XLM } from "../../../types/api";
import { AmountForm } from "./amount-form";

export function StellarMintTab() {
  const [value, setValue] = useState("");
  const busy = useMintBusy();
  const mint = useMintStellar();
  const amount = parseAmount(value);

  const submit = () => {
    if (amount === null) return;
    mint.mutate(
      { xlmAmount: amount, tokenType: "VIBE", network: "testnet", environmentalAction: "tree_planting", quantumSecurity: true },
      {
        onSuccess: (record) => {
          toastStellarMinted(record);
          setValue("");
        },
        onError: (error) => toastMintFailed("Stellar Minting Failed", error),
      },
    );
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Mint VibeCoins (VIBE) on the Stellar testnet for a tree-planting action: 1 XLM → {VIBE_PER_XLM} VIBE.
      </Typography>
      <AmountForm
        id="xlm-amount"
        label="XLM amount"
        unit="XLM"
        step={1}
        value={value}
        onChange={setValue}
        onSubmit={submit}
        busy={busy}
        pending={mint.isPending}
        buttonLabel="Mint VibeCoins"
        pendingLabel="Minting…"
        inputTestId="xlm-amount-input"
        buttonTestId="mint-stellar-button"
        helperText={amount !== null ? `${formatNumber(amount * VIBE_PER_XLM, 7)} VIBE` : " "}
      />
    </Stack>
  );
}
