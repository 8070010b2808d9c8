import { useState } from "react";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useRunXrpVolumeTest } from "../api/run-xrp-volume-test";
import { useMintBusy } from "../hooks/use-mint-busy";
import { parseAmount } from "../utils/amount";
import { toastMintFailed, toastXrpTested } from "../utils/mint-toasts";
import { MINT_LIMITS } from "../../../types/api";
import { AmountForm } from "./amount-form";

export function XrpVolumeTab() {
  const [value, setValue] = useState("");
  const busy = useMintBusy();
  const test = useRunXrpVolumeTest();
  const amount = parseAmount(value);

  const submit = () => {
    if (amount === null) return;
    test.mutate(
      { xrpAmount: amount, testType: "volume", network: "testnet", quantumSecurity: true, governmentNode: true },
      {
        onSuccess: (record) => {
          toastXrpTested(record);
          setValue("");
        },
        onError: (error) => toastMintFailed("XRP Testing Failed", error),
      },
    );
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Send a volume-test payment of the given XRP on the XRP Ledger testnet (at most{" "}
        {MINT_LIMITS.xrp.max.toLocaleString("en-US")} XRP).
      </Typography>
      <AmountForm
        id="xrp-amount"
        label="XRP amount"
        unit="XRP"
        step={1000}
        value={value}
        onChange={setValue}
        onSubmit={submit}
        busy={busy}
        pending={test.isPending}
        buttonLabel="Run Volume Test"
        pendingLabel="Testing…"
        inputTestId="xrp-amount-input"
        buttonTestId="xrp-test-button"
      />
    </Stack>
  );
}
