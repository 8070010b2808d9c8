import { coinColumn } from "./coin-column";
import { useEffect, useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { ActionButton, AmountField, textRule } from "../../../components/form";
import { Notice } from "../../../components/notice";
import { QueryState } from "../../../components/page-shell";
import { Pill } from "../../../components/pill";
import { useGate } from "../../../components/session/use-access";
import { SourceBadge } from "../../../components/source-badge";
import { notify } from "../../../components/toast";
import { TxHash } from "../../../components/tx-hash";
import { ApiRequestError, describeError } from "../../../lib/api-client";
import { cryptocurrencyContract, type BulkTestResponse, type CoinEntryAnswer } from "../api/contract";
import { useSupported } from "../api/get-supported";
import { useBulkTest } from "../api/run-tests";
import { TEST_AMOUNT, TOP_FIVE, type CoinLevel, type CoinSymbol } from "../constants";
import { amountProblem, fieldLimits, ruleOf, strictestRule } from "../utils/amount";
import { msText } from "../utils/levels";
import { testableCoins } from "./coin-picker";
import { LevelBadge } from "./level-badge";
import { MemoField, memoProblem, type MemoRule } from "./memo-field";
import { TestResult } from "./test-result";

export type BulkScope = "top5" | "all";

const SCOPES: { id: BulkScope; label: string }[] = [
  { id: "top5", label: "Top 5" },
  { id: "all", label: "All" },
];

/** The spec's scopes: 'Top 5' is XLM, ETH, BTC, XRP, ADA; 'All' every coin that can run here (not display only). */
export function scopeSymbols(scope: BulkScope, coins: readonly CoinEntryAnswer[]): CoinSymbol[] {
  const testable = testableCoins(coins).map((c) => c.symbol);
  return scope === "top5" ? TOP_FIVE.filter((s) => testable.includes(s)) : testable;
}

/** The memo over several coins: the smallest limit of those that carry one; the others run without it. */
function bulkMemoRule(chosen: readonly CoinEntryAnswer[]): { rule: MemoRule; tightest: string; without: string[] } {
  const carriers = chosen.filter((c) => c.limits?.memoMaxBytes !== null && c.limits !== null);
  const without = chosen.filter((c) => c.limits?.memoMaxBytes === null).map((c) => c.symbol);
  if (carriers.length === 0)
    return {
      rule: { kind: "cannot", reason: "None of the chosen coins can carry a memo here" },
      tightest: "",
      without,
    };
  const tightest = carriers.reduce((a, b) => (b.limits!.memoMaxBytes! < a.limits!.memoMaxBytes! ? b : a));
  const where = without.length
    ? `${tightest.symbol}'s limit, the smallest; ${without.join(", ")} cannot carry one and run without it (their result says so)`
    : `${tightest.symbol}'s limit, the smallest of the chosen coins`;
  return {
    rule: { kind: "bytes", maxBytes: tightest.limits!.memoMaxBytes!, where },
    tightest: tightest.symbol,
    without,
  };
}

/** Seconds since `since`, every second, while a run waits for its answer. */
function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return <>{Math.max(0, Math.floor((now - since) / 1000))} s</>;
}

type Row = {
  symbol: CoinSymbol;
  name: string;
  level: CoinLevel;
  state: "not-run" | "waiting" | "done";
  entry: BulkTestResponse["results"][string] | null;
};

function Outcome({ row }: { row: Row }) {
  if (row.state === "not-run")
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        not run yet
      </Typography>
    );
  if (row.state === "waiting")
    return (
      <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
        <CircularProgress size={14} aria-hidden />
        waiting…
      </Box>
    );
  const e = row.entry;
  if (!e)
    return (
      <Typography variant="body2" component="span" color="text.secondary">
        no answer for this coin
      </Typography>
    );
  if (e.success && e.result)
    return (
      <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Pill size="small" color="success" variant="outlined" label="success" />
        <SourceBadge source={e.result.source} reason={e.result.reason} />
      </Box>
    );
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "baseline", gap: 1, flexWrap: "wrap" }}>
      <Pill size="small" color="error" variant="outlined" label="failed" />
      <Typography variant="body2" component="span" data-testid="bulk-row-error" sx={{ overflowWrap: "anywhere" }}>
        {e.error ? `${e.error.message} (${e.error.code})` : "no reason given"}
      </Typography>
    </Box>
  );
}

function Summary({ s, tested }: { s: BulkTestResponse["summary"]; tested: number }) {
  return (
    <Box
      data-testid="bulk-summary"
      sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center", typography: "body2" }}
    >
      <Pill size="small" color="success" variant="outlined" label={`${s.successful} successful`} />
      <Pill size="small" color={s.failed ? "error" : "default"} variant="outlined" label={`${s.failed} failed`} />
      <span data-testid="bulk-success-rate">
        success rate {s.successRate.toLocaleString("en-US", { maximumFractionDigits: 1 })} % of {tested}
      </span>
      <span>· {msText(s.elapsedMs)} in all</span>
      <span>· {s.concurrency} coins at a time</span>
    </Box>
  );
}

/** 409: one run per signed-in wallet at a time. */
const alreadyRunning = (e: unknown) => e instanceof ApiRequestError && e.status === 409;

function BulkForm({ coins }: { coins: readonly CoinEntryAnswer[] }) {
  const [scope, setScope] = useState<BulkScope>("top5");
  const [amount, setAmount] = useState<string>(TEST_AMOUNT.default);
  const [memo, setMemo] = useState("");
  const [shown, setShown] = useState<CoinSymbol | null>(null);
  const [startedAt, setStartedAt] = useState(0);
  const bulk = useBulkTest();
  const gate = useGate(cryptocurrencyContract.bulkTest.access);

  const bySymbol = new Map(coins.map((c) => [c.symbol, c]));
  const symbols = scopeSymbols(scope, coins);
  const chosen = symbols.map((s) => bySymbol.get(s)!).filter(Boolean);
  const rule = strictestRule(chosen.filter((c) => c.limits).map((c) => ruleOf(c.symbol, c.limits!)));
  const memoInfo = bulkMemoRule(chosen);
  const amountWhy = rule && amount.trim() !== "" ? amountProblem(amount, rule) : null;
  const reason =
    symbols.length === 0
      ? "Choose at least one coin"
      : amount.trim() === ""
        ? "Enter an amount"
        : amountWhy
          ? `Amount ${amountWhy}`
          : memoProblem(memo, memoInfo.rule, memoInfo.tightest);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason !== null || !gate.allowed || bulk.isPending) return;
    setShown(null);
    setStartedAt(Date.now());
    const sent = { symbols, amount: amount.trim(), memo: memoInfo.rule.kind === "bytes" && memo ? memo : null };
    bulk.mutate(sent, {
      onSuccess: (r) =>
        notify({
          variant: r.summary.failed ? "warning" : "success",
          title: `Bulk test: ${r.summary.successful} of ${sent.symbols.length} coins tested`,
          description: r.summary.failed ? `${r.summary.failed} failed: their rows say why` : undefined,
        }),
      onError: (e) =>
        notify({
          variant: alreadyRunning(e) ? "warning" : "error",
          title: alreadyRunning(e) ? "A bulk run of yours is running" : "Bulk test failed",
          description: describeError(e),
        }),
    });
  };

  // The run's coins while it runs and after; before any run, the chosen scope.
  const run = bulk.variables;
  const rows: Row[] = (run ? run.symbols : symbols).map((s) => {
    const c = bySymbol.get(s);
    const entry = bulk.data?.results[s] ?? null;
    return {
      symbol: s,
      name: c?.name ?? s,
      level: entry?.level ?? c?.level ?? "display-only",
      state: !run ? "not-run" : bulk.isPending ? "waiting" : bulk.isSuccess ? "done" : "not-run",
      entry,
    };
  });
  const shownEntry = shown ? (bulk.data?.results[shown] ?? null) : null;
  const shownCoin = shown ? bySymbol.get(shown) : undefined;

  const columns: DataColumn<Row>[] = [
    coinColumn<Row>(),
    { id: "level", header: "Level", cell: (r) => <LevelBadge level={r.level} testId="bulk-row-level" /> },
    {
      id: "outcome",
      header: "Outcome",
      cell: (r) => <Outcome row={r} />,
      cellProps: (r) => ({ "data-testid": "bulk-row-outcome", "data-state": r.state }),
    },
    {
      id: "id",
      header: "Transaction id",
      cell: (r) =>
        r.entry?.result ? (
          <TxHash
            value={r.entry.result.transactionHash}
            label=""
            explorerUrl={r.entry.result.explorerUrl}
            head={8}
            tail={6}
          />
        ) : (
          "—"
        ),
    },
    {
      id: "details",
      header: "",
      cell: (r) =>
        r.entry?.result ? (
          <Button
            size="small"
            onClick={() => setShown(shown === r.symbol ? null : r.symbol)}
            aria-expanded={shown === r.symbol}
            aria-controls="bulk-shown-result"
            data-testid="bulk-row-details"
          >
            {shown === r.symbol ? "Hide result" : "Show result"}
          </Button>
        ) : null,
    },
  ];

  return (
    <Stack spacing={3}>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        spacing={2}
        data-testid="bulk-form"
        sx={{ maxWidth: { md: "calc(50% - 12px)" } }}
      >
        <Box>
          <Typography variant="subtitle2" component="h3" id="bulk-scope-label" gutterBottom>
            Scope
          </Typography>
          <Box role="group" aria-labelledby="bulk-scope-label" sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            {SCOPES.map((s) => (
              <Button
                key={s.id}
                variant={scope === s.id ? "contained" : "outlined"}
                aria-pressed={scope === s.id}
                onClick={() => setScope(s.id)}
                data-testid={`bulk-scope-${s.id}`}
              >
                {s.label}
              </Button>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="bulk-chosen">
            {symbols.length} coin{symbols.length === 1 ? "" : "s"}: {symbols.join(", ")}
            {scope === "all" ? " (every coin that is not display only)" : ""}
          </Typography>
        </Box>
        <AmountField
          id="crypto-bulk-amount"
          label="Amount per coin"
          unit="per coin"
          step={Number(TEST_AMOUNT.step)}
          value={amount}
          onChange={setAmount}
          schema={textRule((text) => (rule ? amountProblem(text, rule) : null))}
          schemaInput="text"
          limits={rule ? fieldLimits(rule) : undefined}
          inputTestId="bulk-amount-input"
          hint="the strictest of the chosen coins' limits, so every one of them accepts it"
        />
        <MemoField
          id="crypto-bulk-memo"
          value={memo}
          onChange={setMemo}
          rule={memoInfo.rule}
          unit={memoInfo.tightest}
          testId="bulk-memo-input"
        />
        <ActionButton
          label={`Run ${SCOPES.find((s) => s.id === scope)!.label}`}
          pendingLabel="Running…"
          pending={bulk.isPending}
          busy={false}
          reason={reason}
          gate={gate}
          testId="bulk-run-button"
        />
      </Stack>

      <Box component="section" aria-labelledby="bulk-progress-heading" sx={{ minWidth: 0 }}>
        <Box sx={{ display: "flex", gap: 1, alignItems: "baseline", flexWrap: "wrap", mb: 1 }}>
          <Typography id="bulk-progress-heading" variant="h6" component="h3">
            {run ? "Run" : "Chosen coins"}
          </Typography>
          {bulk.isPending ? (
            <Typography variant="body2" color="text.secondary" role="status" data-testid="bulk-running">
              running for <Elapsed since={startedAt} />: the API answers the whole run at once
            </Typography>
          ) : null}
        </Box>
        {bulk.isError ? (
          <Notice
            severity={alreadyRunning(bulk.error) ? "warning" : "error"}
            data-testid={alreadyRunning(bulk.error) ? "bulk-conflict" : "bulk-error"}
            sx={{ mb: 1 }}
          >
            {alreadyRunning(bulk.error)
              ? `A bulk run of yours is already running: wait for its answer before starting another (${describeError(bulk.error)}).`
              : `The run failed: ${describeError(bulk.error)}`}
          </Notice>
        ) : null}
        {bulk.data ? (
          <Box sx={{ mb: 1.5 }}>
            <Summary s={bulk.data.summary} tested={Object.keys(bulk.data.results).length} />
          </Box>
        ) : null}
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(r) => r.symbol}
          rowProps={(r) => ({
            "data-testid": "bulk-row",
            "data-symbol": r.symbol,
            "data-success": r.entry ? String(r.entry.success) : undefined,
          })}
          label={run ? "The bulk run, per coin" : "The chosen coins"}
          testId="bulk-rows"
        />
        {shown && shownEntry?.result && shownCoin ? (
          <Box id="bulk-shown-result" sx={{ mt: 2 }}>
            <TestResult
              answer={{
                cryptocurrency: shown,
                network: shownCoin.testnet.name,
                level: shownEntry.level,
                result: shownEntry.result,
              }}
            />
          </Box>
        ) : null}
      </Box>
    </Stack>
  );
}

/** Bulk Testing: 'Top 5' or 'All', one amount and memo, each coin's outcome and the run's summary. */
export function BulkTab() {
  const supported = useSupported();
  return (
    <Box component="section" aria-labelledby="crypto-bulk-heading">
      <Typography id="crypto-bulk-heading" variant="h5" component="h2" gutterBottom>
        Bulk test
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The test transaction for each chosen coin, three at a time on the API; one run per signed-in wallet at a time.
        Each coin&apos;s row says whether it ran, at which level, and its transaction id.
      </Typography>
      <QueryState query={supported} what="the supported coins" height={520} testId="bulk-coins">
        {(data) => <BulkForm coins={data.cryptocurrencies} />}
      </QueryState>
    </Box>
  );
}
