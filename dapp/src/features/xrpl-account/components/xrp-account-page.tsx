import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Notice } from "../../../components/notice";
import { PageShell } from "../../../components/page-shell";
import { SourceBadge } from "../../../components/source-badge";
import { notify } from "../../../components/toast";
import { paths } from "../../../config/paths";
import { describeError } from "../../../lib/api-client";
import { useFundXrplAccount, useXrplAccount, useXrplNetwork } from "../../../lib/xrpl/xrpl-api";
import { buildXrplTrustSet } from "../../../lib/xrpl/xrpl-build";
import { useXrplWallet } from "../../../lib/xrpl/xrpl-wallet";
import { XRPL_XQB_CURRENCY } from "../../../types/api-constants";
import { useReliableSubmit } from "../hooks/use-reliable-submit";
import { AccountView } from "./account-view";
import { WalletPanel } from "./wallet-panel";

/** The XQB line's limit: any amount the bridge may deliver. */
const XQB_LIMIT = "1000000000";

/** /xrp-account-testing: a wallet made or imported in the browser, funded by the faucet, read from the ledger. */
export function XrpAccountPage() {
  const wallet = useXrplWallet();
  const network = useXrplNetwork();
  const account = useXrplAccount(wallet.address);
  const fund = useFundXrplAccount();
  const trust = useReliableSubmit(wallet.address);
  const issuer = network.data?.xqb.issuer ?? null;
  const hasXqbLine = account.data?.account?.trustLines.some((l) => l.currency === XRPL_XQB_CURRENCY && l.issuer === issuer) ?? false;

  const doFund = () =>
    wallet.address &&
    fund.mutate(wallet.address, {
      onSuccess: (r) =>
        notify(
          r.source === "simulated"
            ? { variant: "simulated", title: "Faucet not reached", description: r.reason ?? undefined }
            : { variant: "success", title: r.alreadyExisted ? "Account already funded" : "Funded from the XRPL testnet faucet", description: r.account ? `Balance ${r.account.balanceXrp} XRP` : undefined },
        ),
      onError: (e) => notify({ variant: "error", title: "Funding failed", description: describeError(e) }),
    });
  const addLine = () =>
    wallet.address &&
    issuer &&
    trust.mutate((f) => buildXrplTrustSet({ account: wallet.address!, currency: XRPL_XQB_CURRENCY, issuer, limit: XQB_LIMIT, ...f }), {
      onSuccess: (r) =>
        notify({
          variant: r.source === "simulated" ? "simulated" : r.succeeded ? "success" : "error",
          title: r.succeeded ? "XQB trust line added" : `Trust line: ${r.engineResult ?? r.status}`,
          description: r.engineResultText,
        }),
      onError: (e) => notify({ variant: "error", title: "Trust line not added", description: describeError(e) }),
    });

  return (
    <PageShell
      testId="xrp-account-page"
      title={paths.xrpAccountTesting.title}
      subtitle="Make or import an XRPL testnet wallet in your browser (the seed never leaves it), fund it from the faucet and read it from the ledger."
      back={{ to: paths.home.path, label: "Home" }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="xrpl-network">
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
          <Typography variant="body2">XRPL testnet</Typography>
          {network.data && <SourceBadge source={network.data.source} reason={network.data.reason} />}
          {network.data?.ledger && (
            <Typography variant="body2" color="text.secondary" data-testid="xrpl-network-ledger">
              validated ledger {network.data.ledger.validatedLedger} · reserves {network.data.ledger.baseReserveXrp} XRP + {network.data.ledger.ownerReserveXrp} XRP per object · fee {network.data.ledger.baseFeeDrops} drops
            </Typography>
          )}
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Wallet
        </Typography>
        <WalletPanel />
      </Paper>
      {wallet.address && (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              Account
            </Typography>
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
              <Button variant="contained" onClick={doFund} disabled={fund.isPending} data-testid="xrpl-fund-button">
                {fund.isPending ? "Funding…" : "Fund from the faucet"}
              </Button>
              <Button variant="outlined" onClick={addLine} disabled={trust.isPending || !issuer || hasXqbLine || !account.data?.exists} data-testid="xrpl-trustline-button">
                {hasXqbLine ? "XQB trust line added" : trust.isPending ? "Adding…" : "Add the XQB trust line"}
              </Button>
            </Box>
            {issuer && (
              <Typography variant="body2" color="text.secondary">
                XQB is issued on XRPL by the bridge's server wallet {issuer}; the trust line lets the bridge deliver it to you.
              </Typography>
            )}
            {fund.isError && <Notice severity="error">{describeError(fund.error)}</Notice>}
            {trust.isError && <Notice severity="error">{describeError(trust.error)}</Notice>}
            <AccountView address={wallet.address} />
          </Stack>
        </Paper>
      )}
    </PageShell>
  );
}
