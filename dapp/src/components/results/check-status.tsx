import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import CancelIcon from "@mui/icons-material/Cancel";
import Box from "@mui/material/Box";

/** A pass/fail line: an icon and words, so the outcome is never told by colour alone. */
export function CheckStatus({ ok, yes, no, testId }: { ok: boolean; yes: string; no: string; testId?: string }) {
  return (
    <Box
      component="span"
      data-testid={testId}
      data-ok={ok}
      sx={{
        display: "inline-flex",
        alignItems: "center",
        gap: 0.5,
        color: ok ? "success.dark" : "error.dark",
        fontWeight: 600,
      }}
    >
      {ok ? <CheckCircleIcon fontSize="small" aria-hidden /> : <CancelIcon fontSize="small" aria-hidden />}
      {ok ? yes : no}
    </Box>
  );
}
