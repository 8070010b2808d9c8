import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { PageShell } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { BridgeBooks } from "./bridge-books";

// The books are the page's reading (first load); the batch form and the tables come after the first paint.
const BatchPanel = lazyPart(() => import("./batch-panel").then((m) => m.BatchPanel), {
  fallback: <PartLoading minHeight={190} label="Loading the batch form" />,
  name: "The batch",
});
const BridgeHistory = lazyPart(() => import("./bridge-history").then((m) => m.BridgeHistory), { name: "The history" });

/** /real-cross-chain-testing: a batch of transfers both ways, the escrow's books against the delivered supply, the history. */
export function RealCrossChainTestingPage() {
  return (
    <PageShell
      testId="real-cross-chain-page"
      title={paths.realCrossChainTesting.title}
      subtitle="Run N transfers both ways and check the bridge's books: every XQB locked in the escrow is delivered on Stellar or the XRPL, or on its way."
    >
      <section aria-labelledby="books-heading">
        <Typography id="books-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          Locked against delivered
        </Typography>
        <BridgeBooks />
      </section>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="batch-heading"
        sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
      >
        <Typography id="batch-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          Batch test (local chain)
        </Typography>
        <BatchPanel />
      </Paper>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="history-heading"
        sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
      >
        <Typography id="history-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          All transfers
        </Typography>
        <BridgeHistory />
      </Paper>
    </PageShell>
  );
}
