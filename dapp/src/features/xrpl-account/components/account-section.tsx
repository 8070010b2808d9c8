import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Notice } from "../../../components/notice";
import { notify } from "../../../components/toast";
import { describeError } from "../../../lib/api-client";
import { useFundXrplAccount, useXrplAccount, useXrplNetwork } from "../../../lib/xrpl/xrpl-api";
import { buildXrplTrustSet } from "../../../lib/xrpl/xrpl-build";
import { XRPL_XQB_CURRENCY } from "../constants";
import { useReliableSubmit } from "../hooks/use-reliable-submit";
import { AccountView } from "./account-view";
import { SubmitResult } from "./submit-result";

/** The XQB line's limit: any amount the bridge may deliver. */
const XQB_LIMIT = "1000000000";

/** The wallet's account: faucet funding, the XQB trust line and what the ledger holds (loaded once a wallet exists). */
export function AccountSection({ address }: { address: string }) {
  const network = useXrplNetwork();
  const account = useXrplAccount(address);
  const fund = useFundXrplAccount();
  const trust = useReliableSubmit(address);
  const issuer = network.data?.xqb.issuer ?? null;
  const hasXqbLine =
    account.data?.account?.trustLines.some((l) => l.currency === XRPL_XQB_CURRENCY && l.issuer === issuer) ?? false;

  const doFund = () =>
    fund.mutate(address, {
      onSuccess: (r) =>
        notify(
          r.source === "simulated"
            ? { variant: "simulated", title: "Faucet not reached", description: r.reason ?? undefined }
            : {
                variant: "success",
                title: r.alreadyExisted ? "Account already funded" : "Funded from the XRPL testnet faucet",
                description: r.account ? `Balance ${r.account.balanceXrp} XRP` : undefined,
              },
        ),
      onError: (e) => notify({ variant: "error", title: "Funding failed", description: describeError(e) }),
    });
  const addLine = () =>
    issuer &&
    trust.mutate(
      (f) => buildXrplTrustSet({ account: address, currency: XRPL_XQB_CURRENCY, issuer, limit: XQB_LIMIT, ...f }),
      {
        onSuccess: (r) =>
          notify({
            variant: r.source === "simulated" ? "simulated" : r.succeeded ? "success" : "error",
            title: r.succeeded
              ? "XQB trust line added"
              : r.status === "not-submitted"
                ? "Trust line signed offline, not submitted"
                : `Trust line: ${r.engineResult ?? r.status}`,
            description: r.engineResultText,
          }),
        onError: (e) => notify({ variant: "error", title: "Trust line not added", description: describeError(e) }),
      },
    );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          Account
        </Typography>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button variant="contained" onClick={doFund} disabled={fund.isPending} data-testid="xrpl-fund-button">
            {fund.isPending ? "Funding…" : "Fund from the faucet"}
          </Button>
          <Button
            variant="outlined"
            onClick={addLine}
            // Offline (exists unknown) it is still built and signed here, and shown as simulated.
            disabled={trust.isPending || !issuer || hasXqbLine || account.data?.exists === false}
            data-testid="xrpl-trustline-button"
          >
            {hasXqbLine ? "XQB trust line added" : trust.isPending ? "Adding…" : "Add the XQB trust line"}
          </Button>
        </Box>
        {issuer && (
          <Typography variant="body2" color="text.secondary">
            XQB is issued on XRPL by the bridge's server wallet {issuer}; the trust line lets the bridge deliver it to
            you.
          </Typography>
        )}
        {fund.isError && <Notice severity="error">{describeError(fund.error)}</Notice>}
        {trust.isError && <Notice severity="error">{describeError(trust.error)}</Notice>}
        {trust.data && (
          <Box component="ul" sx={{ p: 0, m: 0 }}>
            <SubmitResult r={trust.data} label="XQB trust line (TrustSet)" testId="xrpl-trustline-result" />
          </Box>
        )}
        <AccountView address={address} />
      </Stack>
    </Paper>
  );
}
