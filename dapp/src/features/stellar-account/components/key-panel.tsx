import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import { CopyButton } from "../../../components/copy-button";
import { Notice, NoticeTitle } from "../../../components/notice";
import { Pill } from "../../../components/pill";
import { checkStrKey } from "../../../lib/stellar/strkey";
import { connectFreighter, connectStellarSecret, freighterStatus, generateStellarKeypair, useStellarKey } from "../../../lib/stellar/stellar-key";
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
  const [generated, setGenerated] = useState<{ publicKey: string; secret: string } | null>(null);
  const check = secret ? checkStrKey(secret, "S") : null;

  const useSecret = async () => {
    setBusy("secret");
    try {
      const publicKey = await connectStellarSecret(secret);
      setSecret("");
      setShow(false);
      toast({ variant: "success", title: "Key ready", description: `Signing as ${publicKey.slice(0, 6)}…${publicKey.slice(-6)}; the secret stays in this tab` });
    } catch (err) {
      toast({ variant: "error", title: "Key not used", description: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(null);
    }
  };

  const useFreighter = async () => {
    setBusy("freighter");
    try {
      if (!(await freighterStatus()).installed) {
        setFreighterMissing(true);
        return;
      }
      await connectFreighter();
      toast({ variant: "success", title: "Freighter connected" });
    } catch (err) {
      toast({ variant: "error", title: "Freighter not connected", description: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(null);
    }
  };

  const generate = async () => {
    setBusy("generate");
    try {
      setGenerated(await generateStellarKeypair());
    } finally {
      setBusy(null);
    }
  };

  if (key.publicKey) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="key-connected">
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <Typography variant="h6" component="h2">
              Your key
            </Typography>
            <Pill size="small" label={key.kind === "freighter" ? "Freighter" : "Secret in this tab's memory"} data-testid="key-kind" />
          </Stack>
          <Box sx={{ display: "flex", alignItems: "center", minWidth: 0 }}>
            <Typography data-testid="public-key" variant="body2" sx={{ fontFamily: "monospace", wordBreak: "break-all" }}>
              {key.publicKey}
            </Typography>
            <CopyButton value={key.publicKey} what="public key" />
          </Box>
          {generated && generated.publicKey === key.publicKey ? (
            <Notice severity="warning" data-testid="generated-secret" role="status">
              <NoticeTitle>Save this secret now: it is shown once</NoticeTitle>
              Anyone with it controls the account. It lives only in this tab: reload the page and it is gone.
              <Box sx={{ display: "flex", alignItems: "center", mt: 1, minWidth: 0 }}>
                <Typography data-testid="generated-secret-value" variant="body2" sx={{ fontFamily: "monospace", wordBreak: "break-all" }}>
                  {generated.secret}
                </Typography>
                <CopyButton value={generated.secret} what="secret key" />
              </Box>
              <Button size="small" sx={{ mt: 1 }} onClick={() => setGenerated(null)} data-testid="generated-secret-done">
                I saved it, hide it
              </Button>
            </Notice>
          ) : null}
          <Box>
            <Button variant="outlined" onClick={() => (setGenerated(null), key.forget())} data-testid="forget-key">
              Forget this key
            </Button>
          </Box>
        </Stack>
      </Paper>
    );
  }

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
            if (check?.ok) void useSecret();
          }}
        >
          <TextField
            fullWidth
            label="Secret key (S…)"
            value={secret}
            onChange={(e) => setSecret(e.target.value.trim())}
            type={show ? "text" : "password"}
            autoComplete="off"
            error={check !== null && !check.ok}
            helperText={check === null ? "56 characters starting with S" : check.ok ? "Valid secret key (checksum verified)" : check.reason}
            slotProps={{
              htmlInput: { "data-testid": "secret-input", spellCheck: false, autoCapitalize: "characters" },
              formHelperText: { "data-testid": "secret-helper" } as object,
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton aria-label={show ? "Hide the secret" : "Show the secret"} onClick={() => setShow((s) => !s)} edge="end" data-testid="secret-toggle">
                      {show ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={!check?.ok || busy !== null} data-testid="use-secret">
            {busy === "secret" ? "Checking…" : "Use this key"}
          </Button>
        </Box>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
          <Button variant="outlined" onClick={() => void useFreighter()} disabled={busy !== null} data-testid="connect-freighter">
            {busy === "freighter" ? "Asking Freighter…" : "Connect Freighter"}
          </Button>
          <Button variant="outlined" onClick={() => void generate()} disabled={busy !== null} data-testid="generate-keypair">
            {busy === "generate" ? "Generating…" : "Generate a new keypair"}
          </Button>
        </Stack>
        {freighterMissing ? (
          <Notice severity="info" data-testid="freighter-missing" role="status">
            Freighter is not installed in this browser. Install it from freighter.app, or paste a secret key, or generate a keypair.
          </Notice>
        ) : null}
      </Stack>
    </Paper>
  );
}
