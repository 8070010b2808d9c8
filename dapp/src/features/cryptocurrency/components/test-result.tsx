import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Notice } from "../../../components/notice";
import { SourceBadge } from "../../../components/source-badge";
import { TxHash } from "../../../components/tx-hash";
import { describeError } from "../../../lib/api-client";
import { timeText } from "../../../lib/time";
import type { CoinSymbol } from "../constants";
import type { TestTransactionResponse } from "../api/contract";
import { useVerify } from "../api/run-tests";
import { msText } from "../utils/levels";
import { Fact, Facts } from "../../../components/facts";
import { LevelBadge } from "./level-badge";
import { SignedBytes } from "../../../components/signed-bytes";
import { VerifyView } from "./verify-view";

type Result = TestTransactionResponse["result"];

const mono = { fontFamily: "monospace" } as const;

/** The Verify button: the result's own bytes sent to the verify endpoint, and what it decoded beside the result's id. */
function VerifyResult({ symbol, result }: { symbol: CoinSymbol; result: Result }) {
  const verify = useVerify();
  return (
    <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
      <Button
        variant="outlined"
        onClick={() => verify.mutate({ symbol, signedTransaction: result.signedTransaction })}
        disabled={verify.isPending}
        data-testid="verify-button"
      >
        {verify.isPending ? "Verifying…" : "Verify"}
      </Button>
      <Typography variant="caption" color="text.secondary">
        Sends these bytes to the verify endpoint, which decodes them with {result.library.name} and checks the
        signature; it changes nothing.
      </Typography>
      {verify.isError ? (
        <Notice severity="error" data-testid="verify-error">
          Could not verify: {describeError(verify.error)}
        </Notice>
      ) : null}
      {verify.data ? (
        <Box sx={{ alignSelf: "stretch", minWidth: 0 }}>
          <VerifyView v={verify.data} expectedId={result.transactionHash} feeUnit={result.feeUnit} />
        </Box>
      ) : null}
    </Stack>
  );
}

/**
 * A test transaction's result: live or simulated (with the reason), what the API says happened, the id (copyable;
 * the explorer only when there is one), the transfer, its assumptions, the time it took, our attestation, the
 * signed bytes, and Verify.
 */
export function TestResult({
  answer,
}: {
  /** A single test's answer, or a bulk run's entry with its coin (no timestamp there). */
  answer: Pick<TestTransactionResponse, "cryptocurrency" | "network" | "level" | "result"> & { timestamp?: string };
}) {
  const r = answer.result;
  const symbol = answer.cryptocurrency;
  return (
    <Box
      data-testid="test-result"
      data-source={r.source}
      data-symbol={symbol}
      sx={{
        border: 1,
        borderColor: "divider",
        borderRadius: 1,
        p: { xs: 1.5, sm: 2 },
        minWidth: 0,
        overflowWrap: "anywhere",
      }}
    >
      <Stack spacing={1.5}>
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
          <Typography variant="h6" component="h3" sx={{ overflowWrap: "anywhere", minWidth: 0 }}>
            {symbol} on {answer.network}
          </Typography>
          <SourceBadge source={r.source} reason={r.reason} />
          <LevelBadge level={answer.level} testId="result-level" />
        </Box>
        <Typography variant="body2" data-testid="result-note" sx={{ overflowWrap: "anywhere" }}>
          {r.note}
        </Typography>
        <Facts>
          <Fact term="Transaction id" testId="result-id">
            <TxHash value={r.transactionHash} label="" explorerUrl={r.explorerUrl} testId="result-tx-hash" />
          </Fact>
          <Fact term="From" testId="result-from">
            <Box component="span" sx={mono}>
              {r.from}
            </Box>
          </Fact>
          <Fact term="To" testId="result-to">
            <Box component="span" sx={mono}>
              {r.to}
            </Box>
          </Fact>
          <Fact term="Amount" testId="result-amount">
            {r.amount} {symbol}
          </Fact>
          <Fact term="Fee" testId="result-fee">
            {r.fee === null ? `not known (${r.feeUnit})` : `${r.fee} ${r.feeUnit}`}
          </Fact>
          <Fact term="Memo" testId="result-memo">
            {r.memo ?? "none"}
          </Fact>
          {r.ledgerIndex !== null ? (
            <Fact term="Ledger" testId="result-ledger">
              {r.ledgerIndex}
            </Fact>
          ) : null}
          <Fact term="Elapsed" testId="result-elapsed">
            {msText(r.elapsedMs)}
          </Fact>
          <Fact term="Signed with" testId="result-library">
            {r.library.name}
            {r.library.version ? ` ${r.library.version}` : ""}
          </Fact>
          <Fact term="Id rule" testId="result-id-rule">
            {r.idRule}
          </Fact>
          <Fact term="Attestation" testId="result-attestation">
            {r.attestation.algorithm}, key {r.attestation.publicKeyId}
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: "block" }}>
              our attestation of this result; the {symbol} transaction itself is signed classically
            </Typography>
          </Fact>
          {answer.timestamp ? (
            <Fact term="At" testId="result-at">
              {timeText(answer.timestamp)}
            </Fact>
          ) : null}
        </Facts>
        {r.topUps.length > 0 ? (
          <Box data-testid="result-top-ups">
            <Typography variant="subtitle2" component="h4">
              Top-ups of our test account first
            </Typography>
            {r.topUps.map((h) => (
              <Box key={h}>
                <TxHash value={h} label="" what="top-up transaction hash" />
              </Box>
            ))}
          </Box>
        ) : null}
        {r.assumptions.length > 0 ? (
          <Box>
            <Typography variant="subtitle2" component="h4">
              Assumptions
            </Typography>
            <Box component="ul" data-testid="result-assumptions" sx={{ m: 0, pl: 2.5, typography: "body2" }}>
              {r.assumptions.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </Box>
          </Box>
        ) : null}
        <SignedBytes value={r.signedTransaction} encoding={r.encoding} what={`signed ${symbol} transaction`} />
        <VerifyResult symbol={symbol} result={r} />
      </Stack>
    </Box>
  );
}
