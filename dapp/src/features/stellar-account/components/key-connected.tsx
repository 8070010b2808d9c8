import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { CopyButton } from "../../../components/copy-button";
import { Pill } from "../../../components/pill";
import { SecretReveal } from "../../../components/secret-reveal";
import { useStellarKey } from "../../../lib/stellar/stellar-key";
import { forgetGenerated, generatedFor } from "../utils/generated-secret";

/** The key in use: its public key, how it signs, a generated secret shown once, and a way to forget it. */
export function KeyConnected({ publicKey }: { publicKey: string }) {
  const key = useStellarKey();
  const [generated, setGenerated] = useState(() => generatedFor(publicKey));
  const hide = () => {
    forgetGenerated();
    setGenerated(null);
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="key-connected">
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <Typography variant="h6" component="h2">
            Your key
          </Typography>
          <Pill
            size="small"
            label={key.kind === "freighter" ? "Freighter" : "Secret in this tab's memory"}
            data-testid="key-kind"
          />
        </Stack>
        <Box sx={{ display: "flex", alignItems: "center", minWidth: 0 }}>
          <Typography data-testid="public-key" variant="body2" sx={{ fontFamily: "monospace", wordBreak: "break-all" }}>
            {publicKey}
          </Typography>
          <CopyButton value={publicKey} what="public key" />
        </Box>
        {generated ? (
          <SecretReveal
            testId="generated-secret"
            title="Save this secret now: it is shown once"
            value={generated.secret}
            what="secret key"
            onHide={hide}
          >
            Anyone with it controls the account. It lives only in this tab: reload the page and it is gone.
          </SecretReveal>
        ) : null}
        <Box>
          <Button variant="outlined" onClick={() => (hide(), key.forget())} data-testid="forget-key">
            Forget this key
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
