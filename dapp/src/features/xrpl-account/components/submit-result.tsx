import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Pill } from "../../../components/pill";
import { SourceBadge } from "../../../components/source-badge";
import { TxHash } from "../../../components/tx-hash";
import { CopyButton } from "../../../components/copy-button";
import type { XrplSubmitResponse } from "../api/contract";

const STATUS: Record<
  XrplSubmitResponse["status"],
  { label: string; color: "success" | "error" | "warning" | "info" | "default" }
> = {
  validated: { label: "Validated", color: "success" },
  rejected: { label: "Rejected", color: "error" },
  expired: { label: "Expired", color: "error" },
  pending: { label: "Pending", color: "warning" },
  "not-submitted": { label: "Not submitted", color: "default" },
};

/** One relayed transaction: status, engine result with its words, fee, ledgers and the explorer link. */
export function SubmitResult({
  r,
  label,
  testId = "xrpl-payment-result",
}: {
  r: XrplSubmitResponse & { txBlob?: string; txJson?: string; offline?: string | null };
  label: string;
  testId?: string;
}) {
  const status = STATUS[r.status];
  const failed = r.status === "validated" && !r.succeeded;
  return (
    <Box
      component="li"
      data-testid={testId}
      data-status={r.status}
      data-result={r.engineResult ?? ""}
      sx={{ listStyle: "none", border: 1, borderColor: "divider", borderRadius: 1, p: 1.5 }}
    >
      <Stack spacing={0.5}>
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere", minWidth: 0 }}>{label}</Typography>
          <Pill
            label={failed ? "Failed (fee charged)" : status.label}
            color={failed ? "error" : status.color}
            size="small"
          />
          <SourceBadge source={r.source} reason={r.reason} />
        </Box>
        <Typography variant="body2" data-testid="xrpl-result-engine">
          {r.engineResult ? `${r.engineResult}: ` : ""}
          {r.engineResultText}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Fee {r.feeXrp} XRP · sequence {r.sequence} · last ledger {r.lastLedgerSequence}
          {r.ledgerIndex !== null && (
            <>
              {" "}
              · validated in ledger <span data-testid="xrpl-result-ledger">{r.ledgerIndex}</span>
            </>
          )}
        </Typography>
        <TxHash value={r.transactionHash} explorerUrl={r.explorerUrl} />
        {r.offline ? (
          <Typography variant="body2" data-testid="xrpl-result-offline">
            {r.offline}.
          </Typography>
        ) : null}
        {r.txBlob ? (
          <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, minWidth: 0 }}>
            <Typography
              variant="caption"
              sx={{ fontFamily: "monospace", overflowWrap: "anywhere", minWidth: 0 }}
              data-testid="xrpl-result-blob"
            >
              Signed blob {r.txBlob.slice(0, 24)}…{r.txBlob.slice(-8)} ({r.txBlob.length / 2} bytes)
            </Typography>
            <CopyButton value={r.txBlob} what="signed transaction blob" />
          </Box>
        ) : null}
        {r.txJson ? (
          <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, minWidth: 0 }}>
            <Typography variant="caption" sx={{ fontFamily: "monospace", minWidth: 0 }} data-testid="xrpl-result-json">
              Transaction JSON ({r.transactionType}, signed)
            </Typography>
            <CopyButton value={r.txJson} what="signed transaction JSON" />
          </Box>
        ) : null}
        {r.assumptions.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            {r.assumptions.join("; ")}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
