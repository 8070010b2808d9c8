import { useState } from "react";
import { Notice } from "../../../components/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CopyButton } from "../../../components/copy-button";
import { failureOf } from "../utils/refusal";
import type { QtAddSignatureResponse, QtSafeProposal } from "../api/contract";
import { addSignature } from "../api/execute";
import { qtQueryKey } from "../api/keys";

const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;

/**
 * An owner whose wallet is not in this browser (a hardware wallet, another machine) signs the proposal's
 * EIP-712 data there (eth_signTypedData_v4) and pastes the signature here; the API checks it is an owner's and
 * executes the Safe transaction once enough have signed.
 */
export function PendingSignatures({
  proposal,
  onSigned,
}: {
  proposal: QtSafeProposal;
  onSigned: (result: QtAddSignatureResponse) => void;
}) {
  const [signature, setSignature] = useState("");
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: () => addSignature(proposal.safeTxHash, signature.trim()),
    onSuccess: (result) => {
      setSignature("");
      onSigned(result);
      return queryClient.invalidateQueries({ queryKey: qtQueryKey });
    },
  });
  const valid = SIGNATURE.test(signature.trim());
  return (
    <Box data-testid="qt-pending-signatures" sx={{ display: "grid", gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        Sign the Safe transaction's EIP-712 data in the owner's wallet elsewhere and paste the signature here.
      </Typography>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
        <Typography variant="body2">EIP-712 data to sign</Typography>
        <CopyButton value={JSON.stringify(proposal.typedData)} what="EIP-712 data" />
      </Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "flex-start" }}>
        <TextField
          id={`qt-signature-${proposal.safeTxHash}`}
          label="An owner's signature (0x…, 65 bytes)"
          value={signature}
          onChange={(e) => setSignature(e.target.value)}
          error={signature.trim() !== "" && !valid}
          helperText={signature.trim() !== "" && !valid ? "A signature is 0x and 130 hex characters" : undefined}
          size="small"
          sx={{ flex: "1 1 260px" }}
          slotProps={{ htmlInput: { "data-testid": "qt-signature-input", spellCheck: false } }}
        />
        <Button
          variant="outlined"
          disabled={!valid || add.isPending}
          onClick={() => add.mutate()}
          data-testid="qt-add-signature"
        >
          {add.isPending ? "Checking..." : "Add signature"}
        </Button>
      </Box>
      {add.isError ? (
        <Notice severity="error" data-testid="qt-add-signature-error">
          {failureOf(add.error).message}
        </Notice>
      ) : null}
    </Box>
  );
}
