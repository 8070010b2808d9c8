import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { lazyPart } from "../../../components/lazy-part";
import { PageShell } from "../../../components/page-shell/page-shell";
import { paths } from "../../../config/paths";
import { useStellarKey } from "../../../lib/stellar/stellar-key";
import { KeyPanel } from "./key-panel";

// The account, its table and the actions need a key: they load once one is in use (first load: the key form).
const ConnectedParts = lazyPart(() => import("./connected-parts").then((m) => m.ConnectedParts), {
  name: "Your Stellar account",
});

/** /stellar-key-input: a key that stays in the browser, the account it controls, and what it can sign. */
export function StellarKeyPage() {
  const { publicKey } = useStellarKey();
  return (
    <PageShell
      testId="stellar-key-page"
      title={paths.stellarKeyInput.title}
      subtitle="Paste a Stellar secret, connect Freighter or generate a keypair; see the account's balances, trustlines and reserve; sign payments and trustlines in this page."
    >
      <Stack spacing={2}>
        {publicKey ? (
          <ConnectedParts publicKey={publicKey} />
        ) : (
          <>
            <KeyPanel />
            <Typography variant="body2" color="text.secondary" data-testid="no-key">
              No key yet: the account and its actions appear once a key is in use.
            </Typography>
          </>
        )}
      </Stack>
    </PageShell>
  );
}
