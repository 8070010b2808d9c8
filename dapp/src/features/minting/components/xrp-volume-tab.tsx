import { useState } from "react";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { describeTxError, type TxErrorView } from "../../../lib/tx-errors";
import type { XrpVolumeRequestBody } from "../api/contract";
import { MINT_LIMITS, xrpVolumeRequest } from "../schemas";
import { useRunXrpVolumeTest } from "../api/run-xrp-volume-test";
import { useMintBusy } from "../hooks/use-mint-busy";
import { toastMintFailed, toastXrpTested } from "../utils/mint-toasts";
import { AmountForm } from "../../../components/form";
import { MintError } from "./mint-error";

export function XrpVolumeTab() {
  const [value, setValue] = useState("");
  const [error, setError] = useState<TxErrorView | null>(null);
  const [lastBody, setLastBody] = useState<XrpVolumeRequestBody | null>(null);
  const busy = useMintBusy();
  const test = useRunXrpVolumeTest();

  const send = (body: XrpVolumeRequestBody) => {
    setError(null);
    setLastBody(body);
    test.mutate(body, {
      onSuccess: (record) => {
        toastXrpTested(record);
        setValue("");
      },
      onError: (e) => {
        const view = describeTxError(e);
        setError(view);
        toastMintFailed("XRP Testing Failed", view);
      },
    });
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
        onSubmit={(xrpAmount) =>
          send({ xrpAmount, testType: "volume", network: "testnet", quantumSecurity: true, governmentNode: true })
        }
        schema={xrpVolumeRequest.shape.xrpAmount}
        limits={MINT_LIMITS.xrp}
        busy={busy}
        pending={test.isPending}
        buttonLabel="Run Volume Test"
        pendingLabel="Testing…"
        inputTestId="xrp-amount-input"
        buttonTestId="xrp-test-button"
      />
      <MintError error={error} onRetry={lastBody ? () => send(lastBody) : undefined} testId="xrp-mint-error" />
    </Stack>
  );
}
