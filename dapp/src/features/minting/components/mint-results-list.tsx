import { useCallback, useRef, useState } from "react";
import { ResultsList } from "../../../components/results/results-list";
import type { ResultDetail, ResultView } from "../../../components/results/result-view";
import { describeError } from "../../../lib/api-client";
import type { MintHistoryEntry } from "../api/contract";
import { getMintHistory, MINT_HISTORY_LIMIT, useMintHistory } from "../api/get-mint-history";

const OLDER_PAGE_TIMEOUT_MS = 10_000;

function title(record: MintHistoryEntry): string {
  switch (record.kind) {
    case "eth-mint":
      return `${record.ethAmount} ETH → ${record.amount}`;
    case "stellar-mint":
      return `${record.xlmAmount} XLM → ${record.amount}`;
    case "xrp-volume":
      return `Volume test: ${record.amount}`;
  }
}

function details(record: MintHistoryEntry): ResultDetail[] {
  switch (record.kind) {
    case "eth-mint":
      return [
        { label: "Signer", value: record.signer, copy: true },
        { label: "Recipient", value: record.recipient, copy: true },
      ];
    case "stellar-mint":
      return [
        { label: "Action", value: record.environmentalAction.replaceAll("_", " ") },
        { label: "Signer", value: record.signer, copy: true },
      ];
    case "xrp-volume":
      return [
        { label: "Signer", value: record.signer, copy: true },
        { label: "Destination", value: record.destination, copy: true },
      ];
  }
}

/** A minting record as the shared results list shows it. */
export function mintResultView(record: MintHistoryEntry): ResultView {
  return {
    id: record.id,
    kind: record.kind,
    title: title(record),
    ledger: record.ledger,
    network: record.network,
    source: record.source,
    reason: record.reason,
    transactionHash: record.transactionHash,
    explorerUrl: record.explorerUrl,
    ledgerIndex: record.ledgerIndex,
    signer: record.signer,
    signedTransaction: record.signedTransaction,
    attestation: record.quantumAttestation,
    assumptions: record.assumptions,
    createdAt: record.timestamp,
    details: details(record),
    meta: record.kind === "eth-mint" ? [`signed by ${record.signedBy === "wallet" ? "wallet" : "server"}`] : [],
    note:
      record.onCurrentChain === false
        ? `From an earlier run of the ${record.network} chain: the node was restarted and no longer has this block.`
        : null,
  };
}

/**
 * Older pages, fetched on "Load more" with the API's cursor. The first page stays the shared history query
 * (which a new mint updates at once and refetches); once older pages are loaded, records that a new mint
 * pushes off the first page are kept here too, so nothing falls between the first page and the older ones.
 */
function useOlderMints(firstPage: MintHistoryEntry[], firstCursor: string | null) {
  const [older, setOlder] = useState<MintHistoryEntry[]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined); // undefined: none loaded yet
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seenFirst = useRef<MintHistoryEntry[]>([]);

  if (cursor !== undefined && seenFirst.current !== firstPage) {
    // records that left the first page since the last render (a mint pushed them down)
    const ids = new Set(firstPage.map((m) => m.id));
    const dropped = seenFirst.current.filter((m) => !ids.has(m.id) && !older.some((o) => o.id === m.id));
    if (dropped.length > 0) setOlder((o) => [...dropped, ...o]);
  }
  seenFirst.current = firstPage;

  const nextCursor = cursor === undefined ? firstCursor : cursor;
  const loadMore = useCallback(async () => {
    if (!nextCursor) return;
    setLoading(true);
    setError(null);
    try {
      const page = await getMintHistory(MINT_HISTORY_LIMIT, AbortSignal.timeout(OLDER_PAGE_TIMEOUT_MS), nextCursor);
      setOlder((o) => [...o, ...page.mints]);
      setCursor(page.nextCursor);
    } catch (e) {
      setError(`Could not load older results: ${describeError(e)}`);
    } finally {
      setLoading(false);
    }
  }, [nextCursor]);

  return { older, hasMore: Boolean(nextCursor), loading, error, loadMore };
}

export function MintResultsList() {
  const history = useMintHistory();
  const firstPage = history.data?.mints ?? [];
  const older = useOlderMints(firstPage, history.data?.nextCursor ?? null);
  const firstIds = new Set(firstPage.map((m) => m.id));
  const mints = [...firstPage, ...older.older.filter((m) => !firstIds.has(m.id))];
  return (
    <ResultsList
      testId="mint-result"
      results={mints.map(mintResultView)}
      loading={history.isPending}
      loadingText="Loading mint history…"
      error={history.isError ? `Could not load the mint history: ${describeError(history.error)}` : null}
      emptyText="No mints yet. Results of your mints and tests appear here, newest first."
      hasMore={older.hasMore}
      loadingMore={older.loading}
      loadMoreError={older.error}
      onLoadMore={() => void older.loadMore()}
    />
  );
}
