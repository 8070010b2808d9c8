import Box from "@mui/material/Box";
import { Pill } from "../../../components/pill";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { AddressView } from "../../../components/address-view";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { QueryState } from "../../../components/page-shell";
import { ReadingCard } from "../../../components/reading-card";
import { SourceBadge } from "../../../components/source-badge";
import type { QtTokenomicsResponse } from "../api/contract";
import { useTokenomics } from "../api/get-tokenomics";
import { percent, tokenCompact, tokenFull } from "../utils/format";

// MUI X Charts loads with the chart, after the tab's table has painted.
const ReleaseChart = lazyPart(() => import("./release-chart").then((m) => m.ReleaseChart), {
  name: "The release chart",
  fallback: <PartLoading minHeight={260} label="Loading the release chart" />,
});

/** A column shown from the md breakpoint up: on a phone the holder moves under the bucket and the genesis amount (the plan's, unless the deploy differed) is left out, so plan and balance fit side by side. */
const WIDE_ONLY = { display: { xs: "none", md: "table-cell" } } as const;

/** XQB Tokenomics: the spec's allocation beside the genesis holders' real balances, the release schedule, circulating supply. */
export function TokenomicsTab() {
  const tokenomics = useTokenomics();
  return (
    <QueryState query={tokenomics} what="the XQB tokenomics" height={640} testId="qt-tokenomics">
      {(t) => <Tokenomics t={t} />}
    </QueryState>
  );
}

function Tokenomics({ t }: { t: QtTokenomicsResponse }) {
  const planTotal = t.allocation.reduce((a, r) => a + r.planAmount, 0);
  const genesisTotal = t.allocation.reduce((a, r) => a + Number(r.genesisAmount ?? 0), 0);
  const balanceTotal = t.allocation.reduce((a, r) => a + Number(r.balance ?? 0), 0);
  return (
    <Stack spacing={3} data-testid="qt-tokenomics-view">
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        <SourceBadge source={t.source} reason={t.reason} />
        <Typography variant="body2" color="text.secondary">
          Read at block {t.blockNumber}. Total supply {tokenFull(t.totalSupply, "XQB")} of a{" "}
          {tokenFull(t.maxSupply, "XQB")} cap.
        </Typography>
      </Stack>

      <Typography variant="h6" component="h2">
        Circulating supply
      </Typography>
      <Grid container spacing={2} sx={{ mt: "8px !important" }}>
        <Grid size={{ xs: 12, md: 6 }} sx={{ minWidth: 0 }}>
          <ReadingCard
            testId="qt-circulating"
            title="Circulating now"
            reading={`${tokenCompact(t.circulating.amount, "XQB")} (${percent(t.circulating.percent)})`}
            plan={`${tokenCompact(t.plannedYear1Circulating, "XQB")} in year 1`}
            note={<span data-testid="qt-circulating-rule">{t.circulating.rule}</span>}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }} sx={{ minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: 2, height: "100%" }} data-testid="qt-circulating-excluded">
            <Typography variant="body2" color="text.secondary" gutterBottom component="h3">
              Not counted as circulating
            </Typography>
            {t.circulating.excluded.length === 0 ? (
              <Typography variant="body2">Nothing is excluded.</Typography>
            ) : (
              t.circulating.excluded.map((e) => (
                <Box
                  key={`${e.holder}-${e.name}`}
                  sx={{ display: "flex", flexWrap: "wrap", justifyContent: "space-between", columnGap: 1, py: 0.25 }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2">{e.name}</Typography>
                    <AddressView address={e.holder} />
                  </Box>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {tokenFull(e.amount, "XQB")}
                  </Typography>
                </Box>
              ))
            )}
          </Paper>
        </Grid>
      </Grid>

      <Box component="section" aria-labelledby="qt-allocation-heading">
        <Typography id="qt-allocation-heading" variant="h6" component="h2" gutterBottom>
          Allocation: the plan beside the genesis holders
        </Typography>
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" data-testid="qt-allocation" sx={{ "& td, & th": { px: { xs: 0.75, sm: 1.5 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>Bucket</TableCell>
                <TableCell align="right">Plan</TableCell>
                <TableCell sx={WIDE_ONLY}>Holder</TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  Genesis
                </TableCell>
                <TableCell align="right">Balance now</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {t.allocation.map((r) => (
                <TableRow key={r.label} data-testid="qt-allocation-row" data-label={r.label}>
                  <TableCell>
                    <Typography variant="body2">{r.name}</Typography>
                    <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
                      {r.note ? (
                        <Typography variant="caption" color="text.secondary">
                          {r.note}
                        </Typography>
                      ) : null}
                      {r.locked ? <Pill size="small" variant="outlined" label="Locked" /> : null}
                    </Box>
                    {/* On a phone the holder sits under the bucket's name instead of in a column of its own. */}
                    {r.holder ? (
                      <Box sx={{ display: { xs: "block", md: "none" }, mt: 0.5 }}>
                        {/* Without its name badges here (they are in the list above): three columns must fit in 390 px. */}
                        <AddressView address={r.holder} labels={[]} />
                      </Box>
                    ) : null}
                  </TableCell>
                  <TableCell align="right" data-testid="qt-allocation-plan">
                    {tokenCompact(r.planAmount, "XQB")}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {percent(r.planPercent)} (plan)
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ ...WIDE_ONLY, minWidth: 140 }}>
                    {r.holder ? <AddressView address={r.holder} /> : "Not found on chain"}
                  </TableCell>
                  <TableCell align="right" data-testid="qt-allocation-genesis" sx={WIDE_ONLY}>
                    {r.genesisAmount === null ? "—" : tokenCompact(r.genesisAmount, "XQB")}
                  </TableCell>
                  <TableCell
                    align="right"
                    data-testid="qt-allocation-balance"
                    title={r.balance === null ? undefined : tokenFull(r.balance, "XQB")}
                  >
                    {r.balance === null ? (
                      "—"
                    ) : (
                      <>
                        <Box component="span" sx={{ display: { xs: "none", md: "inline" } }}>
                          {tokenFull(r.balance, "XQB")}
                        </Box>
                        <Box component="span" sx={{ display: { xs: "inline", md: "none" } }}>
                          {tokenCompact(r.balance, "XQB")}
                        </Box>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>Total</TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {tokenCompact(planTotal, "XQB")}
                </TableCell>
                <TableCell sx={WIDE_ONLY} />
                <TableCell align="right" sx={{ ...WIDE_ONLY, fontWeight: 700 }}>
                  {tokenCompact(genesisTotal, "XQB")}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {tokenCompact(balanceTotal, "XQB")}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Box>
        <Typography variant="caption" color="text.secondary">
          Plan: the spec's allocation table and displayed percentages. Genesis: what XQBToken's GenesisAllocated event
          gave each holder. Balance now: read at the block above.
        </Typography>
      </Box>

      <Box component="section" aria-labelledby="qt-release-heading">
        <Typography id="qt-release-heading" variant="h6" component="h2" gutterBottom>
          Release schedule (plan)
        </Typography>
        <ReleaseChart schedule={t.releaseSchedule} />
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" data-testid="qt-release-table">
            <TableHead>
              <TableRow>
                <TableCell>Period</TableCell>
                <TableCell align="right">Released</TableCell>
                <TableCell align="right">In total</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {t.releaseSchedule.map((p) => (
                <TableRow key={p.period}>
                  <TableCell>{p.period}</TableCell>
                  <TableCell align="right">{tokenCompact(p.amount, "XQB")}</TableCell>
                  <TableCell align="right">
                    {tokenCompact(p.cumulative, "XQB")} ({percent(p.cumulativePercent)})
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
    </Stack>
  );
}
