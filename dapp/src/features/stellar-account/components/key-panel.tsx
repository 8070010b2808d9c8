import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import { checkStrKey } from "../../../lib/stellar/strkey";
import {
  connectFreighter,
  connectStellarSecret,
  freighterStatus,
  generateStellarKeypair,
  useStellarKey,
} from "../../../lib/stellar/stellar-key";
import { rememberGenerated } from "../utils/generated-secret";
import { toast } from "../utils/toasts";

/**
 * How the page gets a key, as in Stellar Laboratory: paste a secret (checked with its StrKey checksum as it
 * is typed), connect Freighter, or generate a keypair (its secret shown once). The secret stays in this
 * tab's memory (lib/stellar/stellar-key.ts); nothing here sends it anywhere.
 */
export function KeyPanel() {
  const key = useStellarKey();
  const [secret, setSecret] = useState("");
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState<null | "secret" | "freighter" | "generate">(null);
  const [freighterMissing, setFreighterMissing] = useState(false);
  const check = secret ? checkStrKey(secret, "S") : null;

  const applySecret = async () => {
    setBusy("secret");
    try {
      const publicKey = await connectStellarSecret(secret);
      setSecret("");
      setShow(false);
      toast({
        variant: "success",
        title: "Key ready",
        description: `Signing as ${publicKey.slice(0, 6)}…${publicKey.slice(-6)}; the secret stays in this tab`,
      });
    } catch (err) {
      toast({ variant: "error", title: "Key not used", description: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(null);
    }
  };

  const askFreighter = async () => {
    setBusy("freighter");
    try {
      if (!(await freighterStatus()).installed) {
        setFreighterMissing(true);
        return;
      }
      await connectFreighter();
      toast({ variant: "success", title: "Freighter connected" });
    } catch (err) {
      toast({
        variant: "error",
        title: "Freighter not connected",
        description: err instanceof Error ? err.message : String(err),
      });
    } finally {
      setBusy(null);
    }
  };

  const generate = async () => {
    setBusy("generate");
    try {
      rememberGenerated(await generateStellarKeypair());
    } finally {
      setBusy(null);
    }
  };

  if (key.publicKey) return null;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="key-panel">
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          Use a Stellar key
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Your secret key never leaves your browser: transactions are built and signed in this page, and only the signed
          transaction is sent to the API.
        </Typography>
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (check?.ok) void applySecret();
          }}
        >
          {/* A native input (MUI's input components would add 7 KB gzip to the first load), styled like an outlined field. */}
          <Box
            component="label"
            htmlFor="stellar-secret"
            sx={{ display: "block", typography: "body2", fontWeight: 500, mb: 0.5 }}
          >
            Secret key (S…)
          </Box>
          <Box
            sx={(t) => ({
              display: "flex",
              alignItems: "center",
              border: 1,
              borderColor: check !== null && !check.ok ? "error.main" : "divider",
              borderRadius: 1,
              pl: 1.5,
              "&:focus-within": {
                borderColor: check !== null && !check.ok ? "error.main" : "primary.main",
                outline: `2px solid ${t.palette.primary.main}`,
                outlineOffset: -1,
              },
            })}
          >
            <Box
              component="input"
              id="stellar-secret"
              data-testid="secret-input"
              value={secret}
              onChange={(e: React.ChangeEvent<HTMLInputElement>) => setSecret(e.target.value.trim())}
              type={show ? "text" : "password"}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
              aria-invalid={check !== null && !check.ok}
              aria-describedby="stellar-secret-helper"
              sx={{
                flex: 1,
                minWidth: 0,
                border: 0,
                outline: 0,
                py: 1.5,
                font: "inherit",
                fontFamily: "monospace",
                bgcolor: "transparent",
                color: "text.primary",
              }}
            />
            <IconButton
              aria-label={show ? "Hide the secret" : "Show the secret"}
              onClick={() => setShow((s) => !s)}
              data-testid="secret-toggle"
            >
              {show ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </Box>
          <Typography
            id="stellar-secret-helper"
            data-testid="secret-helper"
            variant="caption"
            component="p"
            sx={{ mt: 0.5, color: check !== null && !check.ok ? "error.main" : "text.secondary" }}
            aria-live="polite"
          >
            {check === null
              ? "56 characters starting with S"
              : check.ok
                ? "Valid secret key (checksum verified)"
                : check.reason}
          </Typography>
          <Button
            type="submit"
            variant="contained"
            sx={{ mt: 1 }}
            disabled={!check?.ok || busy !== null}
            data-testid="use-secret"
          >
            {busy === "secret" ? "Checking…" : "Use this key"}
          </Button>
        </Box>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
          <Button
            variant="outlined"
            onClick={() => void askFreighter()}
            disabled={busy !== null}
            data-testid="connect-freighter"
          >
            {busy === "freighter" ? "Asking Freighter…" : "Connect Freighter"}
          </Button>
          <Button
            variant="outlined"
            onClick={() => void generate()}
            disabled={busy !== null}
            data-testid="generate-keypair"
          >
            {busy === "generate" ? "Generating…" : "Generate a new keypair"}
          </Button>
        </Stack>
        {freighterMissing ? (
          <Typography
            variant="body2"
            data-testid="freighter-missing"
            role="status"
            sx={{ p: 1.5, borderRadius: 1, bgcolor: "action.hover" }}
          >
            Freighter is not installed in this browser. Install it from freighter.app, or paste a secret key, or
            generate a keypair.
          </Typography>
        ) : null}
      </Stack>
    </Paper>
  );
}
