import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { PageShell, QueryState } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { shortenHex } from "../../../lib/format";
import { csvUrl, useOperations, type OperationsFilterInput } from "../api/get-operations";
import type { OperationsResponse } from "../api/contract";
import { OPERATIONS_PAGE, WHAT_CREATES_OPERATIONS } from "../constants";
import { useLogParams } from "./use-log-params";

// The filters (MUI's text fields and selects, some 25 KB gzip) and the table load just after the first paint, while
// the page's one request is on its way: the first load stays the shell, the count and the paging.
const LogFilters = lazyPart(() => import("./log-filters").then((m) => m.LogFilters), {
  name: "The filters",
  fallback: <PartLoading minHeight={{ xs: 330, sm: 150 }} label="Loading the filters" />,
});
const OperationsTable = lazyPart(() => import("./operations-table").then((m) => m.OperationsTable), {
  name: "The operations table",
  fallback: <PartLoading minHeight={480} label="Loading the operations table" />,
});

const count = (n: number) => n.toLocaleString("en-US");

/** The export of the filters shown; a file past the export's bound holds its newest rows, and says so here first. */
function DownloadCsv({ filters, data }: { filters: OperationsFilterInput; data: OperationsResponse | undefined }) {
  const capped = data !== undefined && data.total > data.csvMaxRows;
  return (
    <Stack spacing={0.5} sx={{ alignItems: { sm: "flex-end" } }}>
      <Button component="a" href={csvUrl(filters)} download variant="outlined" data-testid="download-csv">
        Download CSV
      </Button>
      {capped ? (
        <Typography variant="caption" color="text.secondary" data-testid="download-csv-cap">
          The newest {count(data.csvMaxRows)} of {count(data.total)}
        </Typography>
      ) : null}
    </Stack>
  );
}

function Pager({ data, onPage }: { data: OperationsResponse; onPage: (cursor: string | null) => void }) {
  if (!data.prevCursor && !data.nextCursor) return null;
  return (
    <Box component="nav" aria-label="Pages of the log" sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
      <Button
        variant="outlined"
        disabled={!data.prevCursor}
        onClick={() => onPage(data.prevCursor)}
        data-testid="page-previous"
      >
        Previous (newer)
      </Button>
      <Button
        variant="outlined"
        disabled={!data.nextCursor}
        onClick={() => onPage(data.nextCursor)}
        data-testid="page-next"
      >
        Next (older)
      </Button>
    </Box>
  );
}

function Summary({ data, filtered }: { data: OperationsResponse; filtered: boolean }) {
  const run = data.localChain.instance;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="operations-count" aria-live="polite">
      {count(data.total)} operation{data.total === 1 ? "" : "s"}
      {filtered ? " match the filters" : " recorded"}, {data.rows.length} on this page.
      {run
        ? ` The local chain runs as ${shortenHex(run, 6, 4)}: rows marked "Earlier chain run" are on a run before it.`
        : ""}
    </Typography>
  );
}

/** /comprehensive-testnet-operations: every transaction the product sent or recorded, filtered and paged in the API. */
export function OperationsLogPage() {
  const { filters, cursor, setFilter, setCursor, clearFilters, filtered } = useLogParams();
  const query = useOperations({ ...filters, cursor, limit: OPERATIONS_PAGE.defaultLimit });
  const data = query.data;
  return (
    <PageShell
      testId="operations-log-page"
      title={paths.comprehensiveTestnetOperations.title}
      subtitle="The operations log: every transaction this app sent or recorded, on every ledger and from every feature, newest first. Live ones link to their explorer where the ledger has one; simulated ones were signed offline and never sent, and say why."
      actions={<DownloadCsv filters={filters} data={data} />}
    >
      <LogFilters
        filters={filters}
        options={data?.options}
        onChange={setFilter}
        onClear={filtered ? clearFilters : null}
      />
      <Box sx={{ minWidth: 0 }}>
        <QueryState
          query={query}
          what="the operations log"
          height={480}
          testId="operations"
          isEmpty={(d) => d.rows.length === 0}
          empty={
            filtered
              ? {
                  message: "No operations match these filters.",
                  action: (
                    <Button onClick={clearFilters} data-testid="empty-clear">
                      Clear filters
                    </Button>
                  ),
                }
              : {
                  message: `No operations recorded yet. ${WHAT_CREATES_OPERATIONS}`,
                  action: (
                    <Typography variant="body2">
                      <Link component={RouterLink} to={paths.multiBlockchainMinting.path}>
                        Mint on the testnets
                      </Link>{" "}
                      or{" "}
                      <Link component={RouterLink} to={paths.testnetXqbFaucet.path}>
                        claim from the faucet
                      </Link>
                    </Typography>
                  ),
                }
          }
        >
          {(d) => (
            <Stack
              spacing={1.5}
              sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
              aria-busy={query.isPlaceholderData}
            >
              <Summary data={d} filtered={filtered} />
              <OperationsTable rows={d.rows} />
              <Pager data={d} onPage={setCursor} />
            </Stack>
          )}
        </QueryState>
      </Box>
    </PageShell>
  );
}
