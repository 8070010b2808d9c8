import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { ExplorerLink } from "../../../components/explorer-link";
import { QueryState } from "../../../components/page-shell";
import { SourceBadge } from "../../../components/source-badge";
import { useStellarAccount } from "../../../lib/stellar/stellar-api";
import type { StellarAccountResponse } from "../api/contract";

const short = (id: string) => `${id.slice(0, 4)}…${id.slice(-4)}`;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" data-testid={testId} sx={{ fontFamily: "monospace", wordBreak: "break-all" }}>
        {value}
      </Typography>
    </Box>
  );
}

/** An account's balances: XLM and each trustline with its issuer and limit. */
export function BalancesTable({
  balances,
  testId = "account-balances",
}: {
  balances: StellarAccountResponse["balances"];
  testId?: string;
}) {
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label="Balances and trustlines" data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>Asset</TableCell>
            <TableCell align="right">Balance</TableCell>
            <TableCell align="right">Trustline limit</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {balances.map((b) => (
            <TableRow
              key={`${b.assetCode ?? "XLM"}:${b.assetIssuer ?? ""}`}
              data-testid={`balance-${b.assetCode ?? "XLM"}`}
            >
              <TableCell>
                {b.assetCode ?? "XLM"}
                {b.assetIssuer ? (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="span"
                    title={b.assetIssuer}
                    sx={{ ml: 1 }}
                  >
                    issuer {short(b.assetIssuer)}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right" sx={{ fontFamily: "monospace" }}>
                {b.balance}
              </TableCell>
              <TableCell align="right" sx={{ fontFamily: "monospace" }}>
                {b.limit ?? "—"}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function AccountView({ a }: { a: StellarAccountResponse }) {
  const observed =
    a.observed === "last-seen"
      ? "as last seen on Horizon"
      : a.observed === "none"
        ? "never read on Horizon"
        : "read from Horizon now";
  if (a.exists !== true) {
    return (
      <Typography data-testid="account-missing" variant="body2">
        {a.exists === false
          ? "This account is not on the Stellar testnet yet: fund it with friendbot (below) to create it with 10,000 test XLM."
          : `Stellar is simulated (${a.reason ?? "Horizon unreachable"}) and this account was never read on Horizon, so its balances are unknown. Transactions are still signed here and shown as simulated.`}
      </Typography>
    );
  }
  const formula = `(2 + ${a.subentryCount} subentries + ${a.numSponsoring} sponsoring − ${a.numSponsored} sponsored) × ${a.baseReserveXlm} XLM`;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Figure label="Sequence" value={a.sequence ?? "—"} testId="account-sequence" />
        <Figure label="Subentries" value={String(a.subentryCount)} testId="account-subentries" />
        <Figure label="Base reserve" value={`${a.baseReserveXlm} XLM`} testId="account-base-reserve" />
        <Figure label="Minimum balance" value={`${a.minimumBalanceXlm} XLM`} testId="account-minimum-balance" />
      </Stack>
      <Typography variant="caption" color="text.secondary" data-testid="account-reserve-formula">
        Minimum balance = {formula}, {observed}.
      </Typography>
      <BalancesTable balances={a.balances} />
      {a.explorerUrl ? <ExplorerLink href={a.explorerUrl} label="View the account in stellar.expert" /> : null}
    </Stack>
  );
}

/** The connected account as the API reads it: balances, trustlines with limits, sequence and the reserve. */
export function AccountPanel({ publicKey }: { publicKey: string }) {
  const query = useStellarAccount(publicKey);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="account-panel">
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1.5, alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="h6" component="h2">
          Account
        </Typography>
        {query.data ? <SourceBadge source={query.data.source} reason={query.data.reason} /> : null}
      </Stack>
      <QueryState query={query} what="the account" height={160} testId="account">
        {(a) => <AccountView a={a} />}
      </QueryState>
    </Paper>
  );
}
