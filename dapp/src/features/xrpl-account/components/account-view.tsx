import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Notice } from "../../../components/notice";
import { QueryState } from "../../../components/page-shell";
import { ReadingCard } from "../../../components/reading-card";
import { SourceBadge } from "../../../components/source-badge";
import { TxHash } from "../../../components/tx-hash";
import { useXrplAccount } from "../../../lib/xrpl/xrpl-api";
import type { XrplAccountResponse } from "../api/contract";

const explorer = (hash: string) => `https://testnet.xrpl.org/transactions/${hash}`;

/** The account as the ledger reports it: balance, reserves (base + owner x objects, from server_info), sequence, lines, history. */
export function AccountView({ address }: { address: string }) {
  const query = useXrplAccount(address);
  return (
    <QueryState query={query} what="the XRPL account" height={220} testId="xrpl-account">
      {(data) => <AccountBody data={data} />}
    </QueryState>
  );
}

function AccountBody({ data }: { data: XrplAccountResponse }) {
  const a = data.account;
  return (
    <Stack spacing={2} data-testid="xrpl-account" data-exists={String(data.exists)}>
      <Box>
        <SourceBadge source={data.source} reason={data.reason} />
      </Box>
      {data.exists === false && (
        <Notice severity="info" data-testid="xrpl-account-missing">
          This account is not on the ledger yet: fund it from the faucet (the first payment creates it).
        </Notice>
      )}
      {data.exists === null && (
        <Notice severity="warning">
          The XRPL testnet is unreachable and this account was never read: nothing to show.
        </Notice>
      )}
      {a && (
        <>
          <Box
            sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "repeat(4, 1fr)" } }}
          >
            <Box>
              <ReadingCard
                title="Balance"
                reading={`${a.balanceXrp} XRP`}
                note={`spendable ${a.spendableXrp} XRP above the reserve`}
                testId="xrpl-balance"
              />
            </Box>
            <Box>
              <ReadingCard
                title="Base reserve"
                reading={`${a.reserves.baseXrp} XRP`}
                note="from the ledger's server_info"
                testId="xrpl-reserve-base"
              />
            </Box>
            <Box>
              <ReadingCard
                title="Owner reserve"
                reading={`${a.reserves.ownerXrp} XRP x ${a.ownerCount}`}
                note={`total reserve ${a.reserves.totalXrp} XRP`}
                testId="xrpl-reserve-owner"
              />
            </Box>
            <Box>
              <ReadingCard
                title="Sequence"
                reading={a.sequence}
                note={`validated ledger ${a.validatedLedger}${a.observed === "last-seen" ? " (last seen)" : ""}`}
                testId="xrpl-sequence"
              />
            </Box>
          </Box>
          <Box data-testid="xrpl-trustlines">
            <Typography variant="h6" component="h3">
              Trust lines
            </Typography>
            {a.trustLines.length === 0 ? (
              <Typography color="text.secondary">No trust lines.</Typography>
            ) : (
              a.trustLines.map((l) => (
                <Typography
                  key={`${l.currency}-${l.issuer}`}
                  data-testid="xrpl-trustline"
                  data-currency={l.currency}
                  sx={{ overflowWrap: "anywhere" }}
                >
                  {l.currency}: {l.balance} (limit {l.limit}) · issuer {l.issuer}
                </Typography>
              ))
            )}
          </Box>
          <Box data-testid="xrpl-recent">
            <Typography variant="h6" component="h3">
              Recent transactions
            </Typography>
            {a.recentTransactions.length === 0 ? (
              <Typography color="text.secondary">None yet.</Typography>
            ) : (
              <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
                {a.recentTransactions.map((t) => (
                  <Box
                    component="li"
                    key={t.hash}
                    data-testid="xrpl-recent-tx"
                    data-type={t.type}
                    data-result={t.result}
                  >
                    <Typography variant="body2">
                      {t.type} {t.amount ? `${t.amount.value} ${t.amount.currency}` : ""} · {t.result} ({t.resultText})
                      · ledger {t.ledgerIndex ?? "—"}
                      {t.destinationTag !== null ? ` · tag ${t.destinationTag}` : ""}
                    </Typography>
                    <TxHash value={t.hash} explorerUrl={data.source === "live" ? explorer(t.hash) : null} />
                  </Box>
                ))}
              </Stack>
            )}
          </Box>
        </>
      )}
    </Stack>
  );
}
