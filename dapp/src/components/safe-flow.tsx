import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import HourglassEmptyIcon from "@mui/icons-material/HourglassEmpty";
import ErrorIcon from "@mui/icons-material/Error";
import { AddressView } from "./address-view";
import { TxHash } from "./tx-hash";
import { visuallyHidden } from "./visually-hidden";

/** One owner's signature on a Safe transaction, as the Safe road returns it. */
export type SafeFlowSignature = { owner: string; signature: string; method: string };

/** What a Safe transaction went through: the API's answer for a proposal, signed here or waiting. */
export type SafeFlowView = {
  safeTxHash: string;
  nonce?: string;
  /** Signatures needed (the Safe's threshold). */
  threshold: number;
  signatures: readonly SafeFlowSignature[];
  status: "executed" | "pending" | "failed";
  transactionHash: string | null;
  block: string | null;
  /** The chain's explorer (GET /api/network explorerBaseUrl); none on the local chain. */
  explorerBaseUrl?: string | null;
  /** Why it failed (status "failed"), in words. */
  failure?: string | null;
};

const METHOD_TEXT: Record<string, string> = {
  eip712: "EIP-712 typed data",
  eth_sign: "eth_sign",
  approved_hash: "pre-approved hash",
};

/**
 * A Safe transaction's queue as Safe{Wallet} shows it: proposed (safeTxHash, nonce) -> confirmation 1 of n
 * (the owner, their signature shortened with a copy button, how they signed) -> ... n of n -> executed
 * (the transaction hash, its block, the explorer link when the chain has one). A proposal the stack cannot
 * sign stops after "proposed" with the confirmations still missing, "waiting for owners' signatures".
 */
export function SafeFlow({ flow, testId = "safe-flow" }: { flow: SafeFlowView; testId?: string }) {
  const needed = Array.from({ length: Math.max(flow.threshold, flow.signatures.length) }, (_, i) => flow.signatures[i] ?? null);
  const executed = flow.status === "executed";
  return (
    <Box component="ol" data-testid={testId} data-status={flow.status} sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1 }}>
      <Step state="done" title="Proposed" testId="safe-step-proposed">
        <TxHash value={flow.safeTxHash} label="safeTxHash" what="Safe transaction hash" testId="safe-tx-hash" />
        {flow.nonce !== undefined ? (
          <Typography variant="caption" color="text.secondary" component="div">
            Safe nonce {flow.nonce}
          </Typography>
        ) : null}
      </Step>
      {needed.map((sig, i) => (
        <Step
          key={i}
          state={sig ? "done" : flow.status === "failed" ? "failed" : "waiting"}
          title={`Signature ${i + 1} of ${flow.threshold}`}
          testId="safe-step-signature"
        >
          {sig ? (
            <Box data-testid="safe-signature" data-owner={sig.owner} sx={{ display: "grid", gap: 0.25, minWidth: 0 }}>
              <AddressView address={sig.owner} />
              <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 1 }}>
                <TxHash value={sig.signature} label="Signature" what="signature" testId="safe-signature-value" />
                <Typography variant="caption" color="text.secondary">
                  {METHOD_TEXT[sig.method] ?? sig.method}
                </Typography>
              </Box>
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary" data-testid="safe-signature-waiting">
              Waiting for owners' signatures
            </Typography>
          )}
        </Step>
      ))}
      <Step state={executed ? "done" : flow.status === "failed" ? "failed" : "waiting"} title={executed ? "Executed" : flow.status === "failed" ? "Not executed" : "Execution"} testId="safe-step-executed">
        {executed && flow.transactionHash ? (
          <>
            <TxHash
              value={flow.transactionHash}
              explorerUrl={flow.explorerBaseUrl ? `${flow.explorerBaseUrl}/tx/${flow.transactionHash}` : null}
              testId="safe-execution-hash"
            />
            {flow.block ? (
              <Typography variant="caption" color="text.secondary" component="div" data-testid="safe-execution-block">
                Block {flow.block}
              </Typography>
            ) : null}
          </>
        ) : flow.status === "failed" ? (
          <Typography variant="body2" color="error">
            {flow.failure ?? "The Safe did not execute it."}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="safe-waiting">
            Waiting for owners' signatures: {flow.signatures.length} of {flow.threshold} so far. It executes once {flow.threshold} owners have signed.
          </Typography>
        )}
      </Step>
    </Box>
  );
}

function Step({ state, title, testId, children }: { state: "done" | "waiting" | "failed"; title: string; testId: string; children: ReactNode }) {
  const icon =
    state === "done" ? (
      <CheckCircleIcon color="success" fontSize="small" aria-hidden />
    ) : state === "failed" ? (
      <ErrorIcon color="error" fontSize="small" aria-hidden />
    ) : (
      <HourglassEmptyIcon color="action" fontSize="small" aria-hidden />
    );
  return (
    <Box component="li" data-testid={testId} data-state={state} sx={{ display: "grid", gridTemplateColumns: "20px minmax(0, 1fr)", columnGap: 1, alignItems: "start" }}>
      <Box sx={{ pt: 0.25 }}>{icon}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" component="div">
          {title}
          <Box component="span" sx={visuallyHidden}>
            {state === "done" ? " (done)" : state === "failed" ? " (failed)" : " (waiting)"}
          </Box>
        </Typography>
        {children}
      </Box>
    </Box>
  );
}
