import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Pill } from "../../../components/pill";
import { TxHash } from "../../../components/tx-hash";
import type { VerifyResponse } from "../api/contract";
import { Fact, Facts } from "../../../components/facts";

const SIGNATURE: Record<"true" | "false" | "null", { label: string; color: "success" | "error" | "default" }> = {
  true: { label: "Signature verifies", color: "success" },
  false: { label: "Signature does not verify", color: "error" },
  null: { label: "Signature cannot be checked here", color: "default" },
};

/**
 * What the verify endpoint decoded from the bytes with the coin's own library: from, to, amount, memo, fee and id,
 * whether the signature verifies (or cannot be checked here, with the note), and, when checking a result of ours,
 * whether the decoded id is the id the result gave.
 */
export function VerifyView({
  v,
  expectedId,
  feeUnit,
  testId = "verify-result",
}: {
  v: VerifyResponse;
  /** The result's transaction id, when these bytes came from one. */
  expectedId?: string;
  feeUnit?: string;
  testId?: string;
}) {
  const d = v.decoded;
  const sig = SIGNATURE[String(v.signatureValid) as "true" | "false" | "null"];
  const same = expectedId === undefined ? null : d.transactionHash === expectedId;
  return (
    <Box
      data-testid={testId}
      data-signature={String(v.signatureValid)}
      data-id-matches={same === null ? undefined : String(same)}
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5, minWidth: 0, overflowWrap: "anywhere" }}
    >
      <Stack spacing={1}>
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
          <Typography variant="subtitle2" component="h4">
            Decoded by {v.library.name}
            {v.library.version ? ` ${v.library.version}` : ""} ({v.cryptocurrency}, {v.network})
          </Typography>
          <Pill size="small" variant="outlined" color={sig.color} label={sig.label} data-testid="verify-signature" />
          {same !== null ? (
            <Pill
              size="small"
              variant="outlined"
              color={same ? "success" : "error"}
              label={same ? "Same id as the result" : "Different id from the result"}
              data-testid="verify-id-match"
            />
          ) : null}
        </Box>
        <Typography variant="body2" color="text.secondary" data-testid="verify-signature-note">
          {v.signatureNote}
        </Typography>
        <Facts>
          <Fact term="Id" testId="verify-id">
            <TxHash value={d.transactionHash} label="" what="decoded transaction id" testId="verify-id-hash" />
          </Fact>
          <Fact term="From" testId="verify-from">
            <Box component="span" sx={{ fontFamily: "monospace" }}>
              {d.from ?? "not in the bytes"}
            </Box>
          </Fact>
          <Fact term="To" testId="verify-to">
            <Box component="span" sx={{ fontFamily: "monospace" }}>
              {d.to}
            </Box>
          </Fact>
          <Fact term="Amount" testId="verify-amount">
            {d.amount} {v.cryptocurrency}
          </Fact>
          <Fact term="Fee" testId="verify-fee">
            {d.fee === null ? "not in the bytes" : `${d.fee}${feeUnit ? ` ${feeUnit}` : ""}`}
          </Fact>
          <Fact term="Memo" testId="verify-memo">
            {d.memo ?? "none"}
          </Fact>
          {same === false ? (
            <Fact term="Result's id" testId="verify-expected-id">
              <Box component="span" sx={{ fontFamily: "monospace" }}>
                {expectedId}
              </Box>
            </Fact>
          ) : null}
        </Facts>
      </Stack>
    </Box>
  );
}
