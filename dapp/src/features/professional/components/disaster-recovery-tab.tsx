import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Pill } from "../../../components/pill";
import type { DisasterRecoveryResult } from "../api/contract";
import { formatAge, formatBytes } from "../utils/format";
import { formatDuration, formatWhen } from "../utils/readiness";
import { AssessmentPanel, Facts, SectionTitle } from "./assessment-panel";

type Drill = NonNullable<DisasterRecoveryResult["detail"]["drill"]>;

const cell = {
  px: 1,
  py: 0.5,
  borderTop: 1,
  borderColor: "divider",
  typography: "body2",
  overflowWrap: "anywhere",
  minWidth: 0,
} as const;

/** Each table: rows and checksum in the source and in the restored copy, and whether they match. */
function Tables({ tables }: { tables: Drill["tables"] }) {
  return (
    <Box data-testid="dr-tables">
      <SectionTitle>
        Tables ({tables.filter((t) => t.match).length} of {tables.length} match)
      </SectionTitle>
      <Box sx={{ overflowX: "auto" }}>
        <Box
          component="table"
          sx={{
            borderCollapse: "collapse",
            width: "100%",
            minWidth: 0,
            "& th": { ...cell, textAlign: "left", fontWeight: 600 },
            "& td": cell,
          }}
        >
          <thead>
            <tr>
              <th scope="col">Table</th>
              <th scope="col">Rows (source / restored)</th>
              <th scope="col">Checksum (source / restored)</th>
              <th scope="col">Match</th>
            </tr>
          </thead>
          <tbody>
            {tables.map((t) => (
              <Box component="tr" key={t.name} data-testid="dr-table" data-table={t.name} data-match={t.match}>
                <td>{t.name}</td>
                <Box component="td" sx={{ fontVariantNumeric: "tabular-nums" }}>
                  {t.rowsSource} / {t.rowsRestored}
                </Box>
                <Box
                  component="td"
                  sx={{ fontFamily: "monospace", fontSize: "0.75rem" }}
                  title={`${t.checksumSource} / ${t.checksumRestored}`}
                >
                  {t.checksumSource.slice(0, 12)} / {t.checksumRestored.slice(0, 12)}
                </Box>
                <td>
                  <Pill size="small" label={t.match ? "Match" : "Differs"} color={t.match ? "success" : "error"} />
                </td>
              </Box>
            ))}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}

function Chain({ chain }: { chain: Drill["chain"] }) {
  return (
    <Box data-testid="dr-chain" data-ran={chain.ran}>
      <SectionTitle>Chain side: redeployed to the map's addresses</SectionTitle>
      <Typography
        variant="body2"
        color={chain.ran ? "text.secondary" : "warning.dark"}
        sx={{ overflowWrap: "anywhere" }}
      >
        {chain.ran ? chain.detail : `Not run: ${chain.detail}`}
      </Typography>
      {chain.contracts.length > 0 ? (
        <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
          {chain.contracts.map((c) => (
            <Box
              component="li"
              key={c.name}
              data-testid="dr-contract"
              data-match={c.match}
              sx={{ py: 0.5, borderTop: 1, borderColor: "divider", typography: "body2", overflowWrap: "anywhere" }}
            >
              <Pill size="small" label={c.match ? "Same address" : "Differs"} color={c.match ? "success" : "error"} />{" "}
              <strong>{c.name}</strong>{" "}
              <Box component="span" sx={{ fontFamily: "monospace", fontSize: "0.75rem" }}>
                map {c.mapAddress} · redeployed {c.redeployedAddress ?? "none"}
              </Box>
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

function DrDetail({ r }: { r: DisasterRecoveryResult }) {
  const d = r.detail;
  const drill = d.drill;
  return (
    <Stack spacing={2.5}>
      <Facts
        testId="dr"
        items={[
          ["RTO", d.rtoMs === null ? "not measured" : formatDuration(d.rtoMs)],
          [
            "RPO",
            d.rpoSeconds === null
              ? "no verified backup"
              : `${formatAge(d.rpoSeconds)} (age of the last verified backup)`,
          ],
          ["Last verified backup", d.lastVerifiedBackupAt ? formatWhen(d.lastVerifiedBackupAt) : "none"],
          ...(drill
            ? ([
                ["Method", drill.method],
                ["Backup", `${formatBytes(drill.backup.bytes)} · ${drill.backup.file}`],
                [
                  "SHA-256",
                  <Box component="span" key="h" sx={{ fontFamily: "monospace", fontSize: "0.75rem" }}>
                    {drill.backup.sha256}
                  </Box>,
                ],
                ["Taken", formatWhen(drill.backup.takenAt)],
              ] as const)
            : []),
        ]}
      />
      {d.notRun ? (
        <Typography variant="body2" color="warning.dark" data-testid="dr-not-run" sx={{ overflowWrap: "anywhere" }}>
          No drill ran: {d.notRun}
        </Typography>
      ) : null}
      {drill ? (
        <>
          <Typography
            variant="body2"
            color={drill.passed ? "success.dark" : "error.dark"}
            data-testid="dr-verdict"
            sx={{ overflowWrap: "anywhere" }}
          >
            {drill.passed ? "Drill passed" : "Drill failed"}: {drill.detail}
          </Typography>
          <Tables tables={drill.tables} />
          <Chain chain={drill.chain} />
        </>
      ) : null}
    </Stack>
  );
}

/** Disaster recovery: a backup, a restore into a fresh instance, rows and checksums compared, RTO and RPO, the chain side. */
export function DisasterRecoveryTab() {
  return (
    <AssessmentPanel
      kind="disaster-recovery"
      what="Backs up the database, restores it into a fresh instance and compares every table's rows and checksum; RTO is the restore measured, RPO the age of the last verified backup; the chain side is redeployed to check the map's addresses."
      detail={(r) => <DrDetail r={r} />}
    />
  );
}
