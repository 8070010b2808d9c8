import { useState, type FormEvent } from "react";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { ActionButton } from "../../../components/form";
import { Notice } from "../../../components/notice";
import { useGate } from "../../../components/session/use-access";
import { describeError } from "../../../lib/api-client";
import { cryptocurrencyContract, type CoinEntryAnswer } from "../api/contract";
import { useVerify } from "../api/run-tests";
import type { CoinSymbol } from "../constants";
import { CoinPicker } from "./coin-picker";
import { VerifyView } from "./verify-view";

/** The verify endpoint's bound on the pasted text (verifyRequest). */
const MAX_CHARS = 100_000;

function verifyReason(symbol: string, bytes: string): string | null {
  if (bytes.trim() === "") return "Paste the signed transaction";
  if (bytes.length > MAX_CHARS) return `At most ${MAX_CHARS.toLocaleString("en-US")} characters`;
  if (!symbol) return "Choose the coin the bytes are for";
  return null;
}

/** Anyone's signed bytes and a coin: what they decode to and whether the signature verifies. Changes nothing. */
export function VerifyAnyForm({ coins }: { coins: readonly CoinEntryAnswer[] }) {
  const [symbol, setSymbol] = useState<CoinSymbol | "">("");
  const [bytes, setBytes] = useState("");
  const verify = useVerify();
  const gate = useGate(cryptocurrencyContract.verify.access);
  const reason = verifyReason(symbol, bytes);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason !== null || symbol === "" || verify.isPending) return;
    verify.mutate({ symbol, signedTransaction: bytes.trim() });
  };
  return (
    <Stack spacing={2}>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        spacing={2}
        data-testid="verify-any-form"
        sx={{ maxWidth: { md: "calc(50% - 12px)" } }}
      >
        <TextField
          id="crypto-verify-bytes"
          label="Signed transaction"
          value={bytes}
          onChange={(e) => setBytes(e.target.value)}
          multiline
          minRows={3}
          maxRows={8}
          fullWidth
          slotProps={{
            htmlInput: {
              "data-testid": "verify-bytes-input",
              spellCheck: false,
              style: { fontFamily: "monospace", fontSize: "0.8125rem", wordBreak: "break-all" },
            },
          }}
        />
        <CoinPicker
          id="crypto-verify-coin"
          coins={coins}
          value={symbol}
          onChange={setSymbol}
          testId="verify-coin-select"
        />
        <ActionButton
          label="Verify bytes"
          pendingLabel="Verifying…"
          pending={verify.isPending}
          busy={false}
          reason={reason}
          gate={gate}
          testId="verify-any-button"
        />
      </Stack>
      {verify.isError ? (
        <Notice severity="error" data-testid="verify-any-error">
          Not verified: {describeError(verify.error)}
        </Notice>
      ) : null}
      {verify.data ? <VerifyView v={verify.data} testId="verify-any-result" /> : null}
    </Stack>
  );
}
