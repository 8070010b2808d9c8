import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { PageShell } from "../../../components/page-shell/page-shell";
import { paths } from "../../../config/paths";
import { useStellarKey } from "../../../lib/stellar/stellar-key";
import { KeyPanel } from "./key-panel";
import { NETWORK_PANEL_HEIGHT } from "./network-panel-height";

// The account, its table and the actions need a key: they load once one is in use (first load: the key form).
const ConnectedParts = lazyPart(() => import("./connected-parts").then((m) => m.ConnectedParts), {
  name: "Your Stellar account",
});

// Public parts, no key needed: the network signed for (passphrase, fee) and a lookup of any account.
const NetworkPanel = lazyPart(() => import("./network-panel").then((m) => m.NetworkPanel), {
  name: "The Stellar network",
  fallback: <PartLoading minHeight={NETWORK_PANEL_HEIGHT} label="Loading the network" />,
});
const LookupPanel = lazyPart(() => import("./lookup-panel").then((m) => m.LookupPanel), {
  name: "Account lookup",
});

/** /stellar-key-input: a key that stays in the browser, the account it controls, and what it can sign. */
export function StellarKeyPage() {
  const { publicKey } = useStellarKey();
  return (
    <PageShell
      testId="stellar-key-page"
      title={paths.stellarKeyInput.title}
      subtitle="Paste a Stellar secret, connect Freighter or generate a keypair; see the account's balances, trustlines and reserve; sign payments and trustlines in this page; look up any account by its public key."
    >
      <Stack spacing={2}>
        <NetworkPanel />
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
        <LookupPanel />
      </Stack>
    </PageShell>
  );
}
