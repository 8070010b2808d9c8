import Typography from "@mui/material/Typography";
import type { DepositDryRun } from "../api/contract";
import { ethText } from "../utils/format";
import { Notice } from "../../../components/notice";

/** A depositEth dry run (eth_call + gas estimate, nothing sent): shares out and gas, or the refusal in words. */
export function DryRunView({ dry, testId = "dry-run" }: { dry: DepositDryRun; testId?: string }) {
  return (
    <Notice severity={dry.ok ? "success" : "warning"} data-testid={testId} data-ok={dry.ok}>
      <Typography variant="body2" sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>
        {dry.call}
      </Typography>
      {dry.ok ? (
        <Typography variant="body2" data-testid={`${testId}-result`}>
          Would mint {dry.sharesOut} shares ·{" "}
          {dry.gas ? `${Number(dry.gas).toLocaleString("en-US")} gas` : "gas unknown"}
          {dry.gasCostEth ? ` ≈ ${ethText(dry.gasCostEth, 8)}` : ""}
        </Typography>
      ) : (
        <Typography variant="body2" data-testid={`${testId}-failure`}>
          The chain would refuse it: {dry.failure}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        {dry.fromWallet ? "Run from your wallet" : "Run from the API's account (no wallet connected)"}; nothing was
        signed or sent.
      </Typography>
    </Notice>
  );
}
