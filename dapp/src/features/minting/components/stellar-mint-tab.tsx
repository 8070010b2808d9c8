import { useState } from "react";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { formatNumber } from "../../../lib/format";
import { describeTxError, type TxErrorView } from "../../../lib/tx-errors";
import type { StellarMintRequestBody } from "../api/contract";
import { MINT_LIMITS, stellarMintRequest, VIBE_PER_XLM } from "../schemas";
import { useMintStellar } from "../api/mint-stellar";
import { useMintBusy } from "../hooks/use-mint-busy";
import { parseAmount } from "../utils/amount";
import { toastMintFailed, toastStellarMinted } from "../utils/mint-toasts";
import { AmountForm } from "../../../components/form";
import { MintError } from "./mint-error";

export function StellarMintTab() {
  const [value, setValue] = useState("");
  const [error, setError] = useState<TxErrorView | null>(null);
  const [lastBody, setLastBody] = useState<StellarMintRequestBody | null>(null);
  const busy = useMintBusy();
  const mint = useMintStellar();
  const amount = parseAmount(value);

  const send = (body: StellarMintRequestBody) => {
    setError(null);
    setLastBody(body);
    mint.mutate(body, {
      onSuccess: (record) => {
        toastStellarMinted(record);
        setValue("");
      },
      onError: (e) => {
        const view = describeTxError(e);
        setError(view);
        toastMintFailed("Stellar Minting Failed", view);
      },
    });
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
        onSubmit={(xlmAmount) =>
          send({
            xlmAmount,
            tokenType: "VIBE",
            network: "testnet",
            environmentalAction: "tree_planting",
            quantumSecurity: true,
          })
        }
        schema={stellarMintRequest.shape.xlmAmount}
        limits={MINT_LIMITS.xlm}
        busy={busy}
        pending={mint.isPending}
        buttonLabel="Mint VibeCoins"
        pendingLabel="Minting…"
        inputTestId="xlm-amount-input"
        buttonTestId="mint-stellar-button"
        hint={amount !== null ? `${formatNumber(amount * VIBE_PER_XLM, 7)} VIBE` : undefined}
      />
      <MintError error={error} onRetry={lastBody ? () => send(lastBody) : undefined} testId="xlm-mint-error" />
    </Stack>
  );
}
