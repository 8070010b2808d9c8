import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import HourglassEmptyIcon from "@mui/icons-material/HourglassEmpty";
import ErrorIcon from "@mui/icons-material/Error";
import { AddressView } from "./address-view";
import { TxHash } from "./tx-hash";
import { visuallyHidden } from "./visually-hidden";

/**
 * One owner's signature on a Safe transaction, as the Safe road returns it: who, how, and who made it
 * (`by`: the owner's own wallet, or the server with the public dev key of owner #N; `label` says it in words).
 */
export type SafeFlowSignature = { owner: string; signature: string; method: string; by?: string; label?: string };

/** The SafeTx itself, every field the owners sign (EIP-712 type SafeTx), as Safe{Wallet} lists them. */
export type SafeTxFields = {
  to: string;
  value: string;
  data: string;
  operation: number;
  safeTxGas: string;
  baseGas: string;
  gasPrice: string;
  gasToken: string;
  refundReceiver: string;
  nonce: string;
};

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
  /** The SafeTx's fields, listed under "Proposed" when given. */
  tx?: SafeTxFields;
  /** The signed-in wallet that proposed it. */
  proposedBy?: string | null;
};

const METHOD_TEXT: Record<string, string> = {
  eip712: "EIP-712 typed data",
  eth_sign: "eth_sign",
  approved_hash: "pre-approved hash",
};

/**
 * A Safe transaction's queue as Safe{Wallet} shows it: proposed (safeTxHash, nonce, the SafeTx's fields, who
 * proposed it) -> confirmations n of threshold -> signature 1 of n (the owner, their signature shortened with
 * a copy button, how they signed and who made it: the owner's wallet or the server's dev key) -> ... -> executed
 * (the transaction hash, its block, the explorer link when the chain has one). A proposal still waiting shows
 * the confirmations missing, and `signSlot` (an owner's "Sign" button) under them.
 */
export function SafeFlow({
  flow,
  testId = "safe-flow",
  signSlot,
  fieldsOpen = true,
}: {
  flow: SafeFlowView;
  testId?: string;
  signSlot?: ReactNode;
  fieldsOpen?: boolean;
}) {
  const needed = Array.from(
    { length: Math.max(flow.threshold, flow.signatures.length) },
    (_, i) => flow.signatures[i] ?? null,
  );
  const executed = flow.status === "executed";
  return (
    <Box
      component="ol"
      data-testid={testId}
      data-status={flow.status}
      data-safe-tx-hash={flow.safeTxHash}
      sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1 }}
    >
      <Step state="done" title="Proposed" testId="safe-step-proposed">
        <TxHash value={flow.safeTxHash} label="safeTxHash" what="Safe transaction hash" testId="safe-tx-hash" />
        {flow.nonce !== undefined ? (
          <Typography variant="caption" color="text.secondary" component="div">
            Safe nonce {flow.nonce}
          </Typography>
        ) : null}
        {flow.proposedBy ? (
          <Box
            data-testid="safe-proposed-by"
            sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 1 }}
          >
            <Typography variant="caption" color="text.secondary">
              Proposed by
            </Typography>
            <AddressView address={flow.proposedBy} />
          </Box>
        ) : null}
        {flow.tx ? (
          <Box component="details" open={fieldsOpen} data-testid="safe-tx-details">
            <Typography component="summary" variant="caption" color="text.secondary" sx={{ cursor: "pointer" }}>
              The SafeTx the owners sign
            </Typography>
            <SafeTxFieldList tx={flow.tx} />
          </Box>
        ) : null}
      </Step>
      <Box
        component="li"
        data-testid="safe-confirmations"
        data-count={flow.signatures.length}
        data-threshold={flow.threshold}
        sx={{ pl: "28px" }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Confirmations {flow.signatures.length}/{flow.threshold}
        </Typography>
      </Box>
      {needed.map((sig, i) => (
        <Step
          key={i}
          state={sig ? "done" : flow.status === "failed" ? "failed" : "waiting"}
          title={`Signature ${i + 1} of ${flow.threshold}`}
          testId="safe-step-signature"
        >
          {sig ? (
            <Box
              data-testid="safe-signature"
              data-owner={sig.owner}
              data-by={sig.by ?? ""}
              sx={{ display: "grid", gap: 0.25, minWidth: 0 }}
            >
              <AddressView address={sig.owner} />
              {sig.label ? (
                <Typography
                  variant="body2"
                  data-testid="safe-signature-by"
                  color={sig.by === "server-dev-key" ? "warning.main" : "text.primary"}
                  sx={{ overflowWrap: "anywhere" }}
                >
                  {sig.label.charAt(0).toUpperCase() + sig.label.slice(1)}
                </Typography>
              ) : null}
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
      {signSlot && flow.status === "pending" ? (
        <Box component="li" data-testid="safe-sign-slot" sx={{ pl: "28px", minWidth: 0 }}>
          {signSlot}
        </Box>
      ) : null}
      <Step
        state={executed ? "done" : flow.status === "failed" ? "failed" : "waiting"}
        title={executed ? "Executed" : flow.status === "failed" ? "Not executed" : "Execution"}
        testId="safe-step-executed"
      >
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
            Waiting for owners' signatures: {flow.signatures.length} of {flow.threshold} so far. It executes once{" "}
            {flow.threshold} owners have signed.
          </Typography>
        )}
      </Step>
    </Box>
  );
}

const OPERATION_TEXT = ["0 (Call)", "1 (DelegateCall)"];

/** The SafeTx's fields, one per line, the data shortened with a copy button (what the owners' signatures cover). */
function SafeTxFieldList({ tx }: { tx: SafeTxFields }) {
  const rows: [string, ReactNode][] = [
    ["to", <AddressView key="to" address={tx.to} />],
    ["value", `${tx.value} wei`],
    [
      "data",
      tx.data === "0x" ? (
        "0x (none)"
      ) : (
        <TxHash key="data" value={tx.data} label="" what="call data" testId="safe-tx-data-value" />
      ),
    ],
    ["operation", OPERATION_TEXT[tx.operation] ?? String(tx.operation)],
    ["safeTxGas", tx.safeTxGas],
    ["baseGas", tx.baseGas],
    ["gasPrice", tx.gasPrice],
    ["gasToken", <AddressView key="gasToken" address={tx.gasToken} />],
    ["refundReceiver", <AddressView key="refundReceiver" address={tx.refundReceiver} />],
    ["nonce", tx.nonce],
  ];
  return (
    <Box
      component="dl"
      data-testid="safe-tx-fields"
      sx={{
        m: 0,
        mt: 0.5,
        display: "grid",
        gridTemplateColumns: "auto minmax(0, 1fr)",
        columnGap: 1,
        rowGap: 0.25,
        alignItems: "center",
      }}
    >
      {rows.map(([name, value]) => (
        <Box key={name} sx={{ display: "contents" }}>
          <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontFamily: "monospace" }}>
            {name}
          </Typography>
          <Typography
            component="dd"
            variant="caption"
            data-testid={`safe-tx-${name}`}
            sx={{ m: 0, fontFamily: "monospace", overflowWrap: "anywhere", minWidth: 0 }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Step({
  state,
  title,
  testId,
  children,
}: {
  state: "done" | "waiting" | "failed";
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const icon =
    state === "done" ? (
      <CheckCircleIcon color="success" fontSize="small" aria-hidden />
    ) : state === "failed" ? (
      <ErrorIcon color="error" fontSize="small" aria-hidden />
    ) : (
      <HourglassEmptyIcon color="action" fontSize="small" aria-hidden />
    );
  return (
    <Box
      component="li"
      data-testid={testId}
      data-state={state}
      sx={{ display: "grid", gridTemplateColumns: "20px minmax(0, 1fr)", columnGap: 1, alignItems: "start" }}
    >
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
