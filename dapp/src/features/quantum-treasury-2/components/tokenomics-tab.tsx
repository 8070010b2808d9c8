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
import { DataTable, type DataColumn } from "../../../components/data-table";
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

type Allocation = QtTokenomicsResponse["allocation"][number];

/** Every column at every width: a table from 600 px (scrolling in its box where it must), a card per bucket below. */
const ALLOCATION_COLUMNS: readonly DataColumn<Allocation>[] = [
  {
    id: "bucket",
    header: "Bucket",
    primary: true,
    cell: (r) => (
      <>
        <Typography variant="body2" component="span" sx={{ display: "block", fontWeight: "inherit" }}>
          {r.name}
        </Typography>
        <Box component="span" sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
          {r.note ? (
            <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 400 }}>
              {r.note}
            </Typography>
          ) : null}
          {r.locked ? <Pill size="small" variant="outlined" label="Locked" /> : null}
        </Box>
      </>
    ),
    sx: { fontWeight: 400 },
  },
  {
    id: "plan",
    header: "Plan",
    align: "right",
    cell: (r) => (
      <>
        {tokenCompact(r.planAmount, "XQB")}
        <Typography variant="caption" color="text.secondary" component="div">
          {percent(r.planPercent)} (plan)
        </Typography>
      </>
    ),
    cellProps: () => ({ "data-testid": "qt-allocation-plan" }),
  },
  {
    id: "holder",
    header: "Holder",
    cell: (r) => (r.holder ? <AddressView address={r.holder} /> : "Not found on chain"),
    tableSx: { minWidth: 140 },
  },
  {
    id: "genesis",
    header: "Genesis",
    align: "right",
    cell: (r) => (r.genesisAmount === null ? "—" : tokenCompact(r.genesisAmount, "XQB")),
    cellProps: () => ({ "data-testid": "qt-allocation-genesis" }),
  },
  {
    id: "balance",
    header: "Balance now",
    align: "right",
    cell: (r) =>
      r.balance === null ? (
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
      ),
    cellProps: (r) => ({
      "data-testid": "qt-allocation-balance",
      title: r.balance === null ? undefined : tokenFull(r.balance, "XQB"),
    }),
  },
];

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
        <DataTable
          columns={ALLOCATION_COLUMNS}
          rows={t.allocation}
          rowKey={(r) => r.label}
          rowProps={(r) => ({ "data-testid": "qt-allocation-row", "data-label": r.label })}
          testId="qt-allocation"
          label="Allocation"
          sx={{ "& td, & th": { px: { xs: 0.75, sm: 1.5 } } }}
          footer={{
            bucket: "Total",
            plan: tokenCompact(planTotal, "XQB"),
            genesis: tokenCompact(genesisTotal, "XQB"),
            balance: tokenCompact(balanceTotal, "XQB"),
          }}
        />
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
