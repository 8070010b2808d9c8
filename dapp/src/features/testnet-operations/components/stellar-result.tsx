import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { SourceBadge } from "../../../components/source-badge";
import { TxHash } from "../../../components/tx-hash";
import { timeText } from "../../../lib/time";
import type { StellarTransactionResponse } from "../api/contract";
import { ATTESTATION_WORDS, msText } from "../utils/levels";
import { Fact, Facts } from "../../../components/facts";
import { SignedEnvelope } from "./signed-envelope";
import { VerifyEnvelope } from "./verify-envelope";

/**
 * A Stellar payment's answer: live or simulated with the reason in words, the hash (copyable; the explorer only when
 * the API gives a link, which it does only for a live payment), the accounts, amount and memo, our attestation, the
 * signed envelope and a way to check it.
 */
export function StellarResult({ result }: { result: StellarTransactionResponse }) {
  const live = result.source === "live";
  return (
    <Box
      data-testid="stellar-result"
      data-source={result.source}
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
    >
      <Stack spacing={1.5}>
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
          <Typography variant="h6" component="h3" sx={{ overflowWrap: "anywhere", minWidth: 0 }}>
            {result.amount} XLM on {result.network}
          </Typography>
          <SourceBadge source={result.source} reason={result.reason} />
        </Box>
        <Typography variant="body2" data-testid="stellar-result-source" sx={{ overflowWrap: "anywhere" }}>
          {live
            ? "Live: submitted to the Stellar testnet."
            : `Simulated: signed with our testnet key and never submitted, because ${result.reason ?? "no reason was given"}.`}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="stellar-result-note">
          {result.note}
        </Typography>
        <Facts>
          <Fact term="Transaction hash" testId="stellar-result-hash">
            <TxHash
              value={result.transactionHash}
              label=""
              explorerUrl={result.transactionUrl}
              testId="stellar-tx-hash"
            />
          </Fact>
          <Fact term="From (our account)" mono>
            {result.sourceAccount}
          </Fact>
          <Fact term="To" mono>
            {result.destination}
          </Fact>
          <Fact term="Amount" testId="stellar-result-amount">
            {result.amount} XLM
          </Fact>
          <Fact term="Memo" testId="stellar-result-memo">
            {result.memo ?? "none"}
          </Fact>
          <Fact term="Elapsed">{msText(result.elapsedMs)}</Fact>
          <Fact term="Attestation">
            {result.attestation.algorithm}, key {result.attestation.publicKeyId.slice(0, 16)}…
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: "block" }}>
              {ATTESTATION_WORDS}
            </Typography>
          </Fact>
          <Fact term="At">{timeText(result.timestamp)}</Fact>
        </Facts>
        <SignedEnvelope value={result.signedTransaction} />
        <VerifyEnvelope result={result} />
      </Stack>
    </Box>
  );
}
