import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Notice } from "../../../components/notice";
import { Pill } from "../../../components/pill";
import { describeError } from "../../../lib/api-client";
import type { StellarTransactionResponse } from "../api/contract";
import { useVerifySigned } from "../api/verify-signed";
import { Fact, Facts } from "../../../components/facts";

const SIGNATURE = {
  true: { label: "Signature verifies", color: "success" },
  false: { label: "Signature does not verify", color: "error" },
  null: { label: "Signature cannot be checked here", color: "default" },
} as const;

/**
 * Check the envelope: its own bytes POSTed to the answer's verifyPath, decoded by the Stellar library there, and what
 * they hold beside what the result said (the same id, amount, memo).
 */
export function VerifyEnvelope({ result }: { result: StellarTransactionResponse }) {
  const verify = useVerifySigned();
  const v = verify.data;
  const sameId = v ? v.decoded.transactionHash === result.transactionHash : null;
  const sig = v ? SIGNATURE[String(v.signatureValid) as "true" | "false" | "null"] : null;
  return (
    <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
      <Button
        variant="outlined"
        onClick={() => verify.mutate({ verifyPath: result.verifyPath, signedTransaction: result.signedTransaction })}
        disabled={verify.isPending}
        data-testid="verify-button"
      >
        {verify.isPending ? "Checking…" : "Check the envelope"}
      </Button>
      <Typography variant="caption" color="text.secondary">
        Sends these bytes to {result.verifyPath}, which decodes them with the Stellar library and checks the signature;
        it changes nothing.
      </Typography>
      {verify.isError ? (
        <Notice severity="error" data-testid="verify-error">
          Could not check: {describeError(verify.error)}
        </Notice>
      ) : null}
      {v && sig ? (
        <Box
          data-testid="verify-result"
          data-signature={String(v.signatureValid)}
          data-id-matches={String(sameId)}
          sx={{ alignSelf: "stretch", border: 1, borderColor: "divider", borderRadius: 1, p: 1.5, minWidth: 0 }}
        >
          <Stack spacing={1}>
            <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
              <Typography variant="subtitle2" component="h4">
                Decoded by {v.library.name}
                {v.library.version ? ` ${v.library.version}` : ""}
              </Typography>
              <Pill
                size="small"
                variant="outlined"
                color={sig.color}
                label={sig.label}
                data-testid="verify-signature"
              />
              <Pill
                size="small"
                variant="outlined"
                color={sameId ? "success" : "error"}
                label={sameId ? "Same id as the result" : "Different id from the result"}
                data-testid="verify-id-match"
              />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
              {v.signatureNote}
            </Typography>
            <Facts>
              <Fact term="From" mono>
                {v.decoded.from ?? "not in the bytes"}
              </Fact>
              <Fact term="To" mono>
                {v.decoded.to}
              </Fact>
              <Fact term="Amount" testId="verify-amount">
                {v.decoded.amount} XLM
              </Fact>
              <Fact term="Fee">{v.decoded.fee === null ? "not in the bytes" : `${v.decoded.fee} XLM`}</Fact>
              <Fact term="Memo" testId="verify-memo">
                {v.decoded.memo ?? "none"}
              </Fact>
            </Facts>
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}
