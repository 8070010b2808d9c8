// "Check it yourself": the result's signed transaction decoded and its hash recomputed in the browser, and
// its ML-DSA attestation verified in the browser against the API's published key. Its own chunk (loaded
// when the dialog first opens); the post-quantum verifier is a further chunk, loaded on "Verify".
import { useEffect, useRef, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTheme } from "@mui/material/styles";
import { describeError } from "../../lib/api-client";
import { shortenHex } from "../../lib/format";
import { CopyButton } from "../copy-button";
import { getAttestationKey } from "./attestation-key";
import { checkAttestation, attestationFields, type AttestationCheck } from "./check/attestation";
import { checkEvmTransaction, type CheckFailure, type EvmTransactionCheck } from "./check/evm";
import { checkStellarEnvelope, STELLAR_LAB_XDR_VIEWER, type StellarEnvelopeCheck } from "./check/stellar";
import { checkXrplBlob, type XrplBlobCheck } from "./check/xrpl";
import { CheckStatus } from "./check-status";
import type { ResultView } from "./result-view";
import { Notice } from "../notice";

type TxCheck = EvmTransactionCheck | StellarEnvelopeCheck | XrplBlobCheck | CheckFailure;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </>
  );
}

function Mono({ value, what, head = 10, tail = 8 }: { value: string; what: string; head?: number; tail?: number }) {
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center" }}>
      <Box component="span" title={value} sx={{ fontFamily: "monospace" }}>
        {shortenHex(value, head, tail)}
      </Box>
      <CopyButton value={value} what={what} />
    </Box>
  );
}

const Rows = ({ children }: { children: ReactNode }) => (
  // one column on a phone (label above value), two from 600 px
  <Box
    component="dl"
    sx={{
      display: "grid",
      gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "minmax(7rem, 10rem) minmax(0, 1fr)" },
      columnGap: 2,
      rowGap: { xs: 0.25, sm: 0.75 },
      m: 0,
      "& dd": { mb: { xs: 0.75, sm: 0 } },
    }}
  >
    {children}
  </Box>
);

async function runTxCheck(result: ResultView): Promise<TxCheck> {
  const raw = result.signedTransaction!;
  switch (result.ledger) {
    case "ethereum":
      return checkEvmTransaction(raw, result.transactionHash, result.signer);
    case "stellar":
      return checkStellarEnvelope(raw, result.transactionHash, result.network);
    case "xrpl":
      return checkXrplBlob(raw, result.transactionHash);
  }
}

function TxFindings({ result, check }: { result: ResultView; check: TxCheck }) {
  if (!check.ok) {
    return (
      <Notice data-testid="tx-check-error" severity="error">
        Could not decode the signed transaction: {check.error}
      </Notice>
    );
  }
  const hashLine = (how: string) => (
    <Row label="Hash, recomputed">
      <Mono value={check.computedHash} what="recomputed hash" />{" "}
      <CheckStatus
        testId="tx-hash-check"
        ok={check.hashMatches}
        yes="equals the shown hash"
        no="differs from the shown hash"
      />
      <Box component="span" sx={{ display: "block", color: "text.secondary" }}>
        {how}
      </Box>
    </Row>
  );
  if ("from" in check) {
    return (
      <Rows>
        {hashLine("keccak256 of the signed bytes")}
        <Row label="From (recovered)">
          <Mono value={check.from} what="sender address" head={6} tail={4} />{" "}
          {check.fromMatches === null ? null : (
            <CheckStatus
              testId="tx-signer-check"
              ok={check.fromMatches}
              yes="is the record's signer"
              no="is not the record's signer"
            />
          )}
        </Row>
        <Row label="To">
          {check.to ? (
            <Mono value={check.to} what="recipient contract address" head={6} tail={4} />
          ) : (
            "(contract creation)"
          )}
        </Row>
        <Row label="Value">{check.value} ETH</Row>
        <Row label="Nonce">{check.nonce ?? "—"}</Row>
        <Row label="Chain id">{check.chainId ?? "—"}</Row>
        <Row label="Gas limit">{check.gas ?? "—"}</Row>
        <Row label="Type">{check.type}</Row>
        <Row label="Data">
          <Mono value={check.data} what="call data" />
        </Row>
      </Rows>
    );
  }
  if ("sourceAccount" in check) {
    return (
      <Stack spacing={1}>
        <Rows>
          {hashLine("sha256 over the network id and the transaction")}
          <Row label="Source account">
            <Mono value={check.sourceAccount} what="source account" head={6} tail={6} />{" "}
            {result.signer ? (
              <CheckStatus
                testId="tx-signer-check"
                ok={check.sourceAccount === result.signer}
                yes="is the record's signer"
                no="is not the record's signer"
              />
            ) : null}
          </Row>
          <Row label="Fee">{check.fee} stroops</Row>
          <Row label="Sequence">{check.sequence}</Row>
          <Row label="Signatures">{check.signatures}</Row>
        </Rows>
        <Typography variant="body2">
          The operations are not decoded here (that takes the Stellar SDK): paste the envelope into{" "}
          <Link href={STELLAR_LAB_XDR_VIEWER} target="_blank" rel="noopener noreferrer">
            Stellar Lab's XDR viewer
          </Link>{" "}
          with the type TransactionEnvelope.
        </Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={1}>
      <Rows>
        {hashLine('SHA-512Half of "TXN\\0" and the blob')}
        <Row label="Size">{check.bytes} bytes</Row>
      </Rows>
      <Typography variant="body2">
        The fields are not decoded here (that takes xrpl.js): <code>decode(blob)</code> from the <code>xrpl</code> npm
        package prints them.
      </Typography>
    </Stack>
  );
}

function TransactionSection({ result }: { result: ResultView }) {
  const [check, setCheck] = useState<TxCheck | null>(null);
  const raw = result.signedTransaction;
  useEffect(() => {
    if (!raw) return;
    let live = true;
    void runTxCheck(result).then(
      (c) => live && setCheck(c),
      (e: unknown) => live && setCheck({ ok: false, error: describeError(e) }),
    );
    return () => {
      live = false;
    };
  }, [raw, result]);
  return (
    <Stack component="section" spacing={1} aria-labelledby="check-tx-heading">
      <Typography id="check-tx-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Signed transaction
      </Typography>
      {!raw ? (
        <Typography data-testid="no-signed-transaction" variant="body2">
          No signed transaction was kept for this result (a wallet signed and sent it): look its hash up on the chain.
        </Typography>
      ) : (
        <>
          <Typography variant="body2">
            {result.source === "simulated"
              ? "Signed offline with the real key and never submitted: no ledger has it. Decoded here, in your browser:"
              : "As it was submitted, decoded here, in your browser:"}
          </Typography>
          <Box sx={{ display: "flex", alignItems: "flex-start", gap: 0.5 }}>
            <Box
              data-testid="signed-transaction-raw"
              tabIndex={0}
              role="region"
              aria-label="Signed transaction (raw)"
              sx={{
                flexGrow: 1,
                fontFamily: "monospace",
                fontSize: 12,
                maxHeight: 96,
                overflowY: "auto",
                overflowWrap: "anywhere",
                p: 1,
                bgcolor: "action.hover",
                borderRadius: 1,
              }}
            >
              {raw}
            </Box>
            <CopyButton value={raw} what="signed transaction" />
          </Box>
          {check ? (
            <TxFindings result={result} check={check} />
          ) : (
            <Box role="status" sx={{ display: "flex", alignItems: "center", gap: 1 }}>
              <CircularProgress size={16} /> <Typography variant="body2">Decoding…</Typography>
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}

type VerifyState =
  | { state: "idle" }
  | { state: "busy" }
  | { state: "done"; publicKey: string; ephemeral: boolean; check: AttestationCheck }
  | { state: "error"; error: string };

function AttestationSection({ result }: { result: ResultView }) {
  const attestation = result.attestation!;
  const [verify, setVerify] = useState<VerifyState>({ state: "idle" });
  const fields = attestationFields(attestation.message);
  const outcome = useRef<HTMLDivElement>(null);
  // the verdict appears below the button, often under the fold of the dialog: bring it into view
  useEffect(() => {
    if (verify.state === "done" || verify.state === "error")
      outcome.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [verify.state]);
  const run = async () => {
    setVerify({ state: "busy" });
    try {
      const key = await getAttestationKey();
      const check = await checkAttestation(attestation, key.publicKey, result.transactionHash);
      setVerify({ state: "done", publicKey: key.publicKey, ephemeral: key.ephemeral, check });
    } catch (e) {
      setVerify({ state: "error", error: describeError(e) });
    }
  };
  return (
    <Stack component="section" spacing={1} aria-labelledby="check-attestation-heading">
      <Typography id="check-attestation-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {attestation.algorithm} attestation
      </Typography>
      <Typography variant="body2">
        The API signed this line with its post-quantum key ({attestation.algorithm}, FIPS 204). Verify checks the
        signature here, in your browser, with the key the API publishes.
      </Typography>
      <Rows>
        <Row label="Signed message">
          <Box component="span" data-testid="attestation-message" sx={{ fontFamily: "monospace", fontSize: 12 }}>
            {attestation.message}
          </Box>
          <CopyButton value={attestation.message} what="signed message" />
        </Row>
        <Row label="Names hash">
          <CheckStatus
            testId="attestation-names-hash"
            ok={fields.transactionHash?.toLowerCase() === result.transactionHash.toLowerCase()}
            yes="this result's transaction"
            no="another transaction"
          />
        </Row>
        <Row label="Signature">
          <Mono value={attestation.signature} what="signature (base64)" head={12} tail={8} />
        </Row>
        <Row label="Key id (sha256)">
          <Mono value={attestation.publicKeyId} what="public key id" />
        </Row>
      </Rows>
      <Box>
        <Button
          data-testid="verify-attestation"
          variant="outlined"
          onClick={() => void run()}
          disabled={verify.state === "busy"}
        >
          {verify.state === "busy" ? "Verifying…" : "Verify"}
        </Button>
      </Box>
      <Box aria-live="polite" ref={outcome}>
        {verify.state === "error" ? (
          <Notice data-testid="attestation-verdict" severity="error">
            Could not fetch the API's key: {verify.error}
          </Notice>
        ) : null}
        {verify.state === "done" ? (
          <Stack spacing={1}>
            <Rows>
              <Row label="Public key">
                <Mono value={verify.publicKey} what="public key (base64)" head={12} tail={8} />
                {verify.ephemeral ? " (made for this run of the API; it changes on restart)" : null}
              </Row>
              <Row label="Key id">
                <CheckStatus
                  testId="attestation-key-check"
                  ok={verify.check.keyMatches}
                  yes="the key the record names"
                  no="not the key the record names"
                />
              </Row>
            </Rows>
            <Notice
              data-testid="attestation-verdict"
              data-valid={verify.check.valid}
              severity={verify.check.valid ? "success" : "error"}
            >
              {verify.check.valid ? "Signature valid" : "Signature invalid"}
              {!verify.check.valid && !verify.check.keyMatches
                ? ": the API's key is not the one that signed this record (an ephemeral key changes when the API restarts)."
                : verify.check.error
                  ? `: ${verify.check.error}`
                  : null}
            </Notice>
          </Stack>
        ) : null}
      </Box>
    </Stack>
  );
}

export default function CheckDialog({
  result,
  open,
  onClose,
}: {
  result: ResultView;
  open: boolean;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down("sm"));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="check-dialog-title"
      data-testid="check-dialog"
    >
      <DialogTitle id="check-dialog-title">Check it yourself</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Typography variant="body2">
            {result.title} ·{" "}
            <Box component="span" sx={{ fontFamily: "monospace" }} title={result.transactionHash}>
              {shortenHex(result.transactionHash, 10, 8)}
            </Box>
            {result.source === "simulated" ? " · Simulated: signed offline, never submitted" : null}
          </Typography>
          <TransactionSection result={result} />
          {result.attestation ? <AttestationSection result={result} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
