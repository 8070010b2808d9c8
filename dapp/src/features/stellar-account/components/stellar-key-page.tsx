import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { lazyPart } from "../../../components/lazy-part";
import { PageShell } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { useStellarKey } from "../../../lib/stellar/stellar-key";
import { AccountPanel } from "./account-panel";
import { KeyPanel } from "./key-panel";

// The actions (forms, the transaction builders with them) load after the first paint.
const ActionsPanel = lazyPart(() => import("./actions-panel").then((m) => m.ActionsPanel), { name: "Account actions" });

/** /stellar-key-input: a key that stays in the browser, the account it controls, and what it can sign. */
export function StellarKeyPage() {
  const { publicKey } = useStellarKey();
  return (
    <PageShell
      testId="stellar-key-page"
      title={paths.stellarKeyInput.title}
      subtitle="Paste a Stellar secret, connect Freighter or generate a keypair; see the account's balances, trustlines and reserve; sign payments and trustlines in this page."
      back={{ to: paths.home.path, label: "Home" }}
    >
      <Stack spacing={2}>
        <KeyPanel />
        {publicKey ? (
          <>
            <AccountPanel publicKey={publicKey} />
            <ActionsPanel publicKey={publicKey} />
          </>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="no-key">
            No key yet: the account and its actions appear once a key is in use.
          </Typography>
        )}
      </Stack>
    </PageShell>
  );
}
